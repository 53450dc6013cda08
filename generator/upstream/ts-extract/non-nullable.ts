// `NonNullable<T>` for ts-json-schema-generator. Since TypeScript 4.8 the lib declares it as
// `T & {}`, which the library converts as an intersection with an empty object: in
// claude-agent-sdk's `NonNullableUsage` (`{ [K in keyof BetaUsage]: NonNullable<BetaUsage[K]> }`)
// `input_tokens: number` came out as `{ type: object }` and `number | null` kept its null. This
// parser gives it its meaning instead: T without null. (`undefined` stays: the library reads a
// mapped property's optionality from it, and TypeScript keeps `?` in such mapped types.)
import ts from 'typescript';
import {
  derefType,
  NeverType,
  NullType,
  UnionType,
  type BaseType,
  type Context,
  type NodeParser,
  type SubNodeParser,
} from 'ts-json-schema-generator';

export class NonNullableNodeParser implements SubNodeParser {
  constructor(private readonly childParser: NodeParser) {}

  supportsNode(node: ts.Node): boolean {
    return (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      node.typeName.text === 'NonNullable' &&
      node.typeArguments?.length === 1
    );
  }

  createType(node: ts.Node, context: Context): BaseType {
    const argument = (node as ts.TypeReferenceNode).typeArguments![0]!;
    return withoutNull(this.childParser.createType(argument, context));
  }
}

const isNull = (t: BaseType) => derefType(t) instanceof NullType;

export function withoutNull(type: BaseType): BaseType {
  if (isNull(type)) return new NeverType();
  const union = derefType(type);
  if (!(union instanceof UnionType)) return type;
  const kept = union.getTypes().filter((t) => !isNull(t));
  if (kept.length === union.getTypes().length) return type;
  return kept.length === 1 ? kept[0]! : new UnionType(kept);
}
