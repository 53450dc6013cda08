// How generated code names and quotes what the inputs say (generator/emit/emission.ts and
// generator/emit/upstream/names.ts), as given → want rows per rule. What each function refuses,
// and the template rules, stay in emission.test.ts.
import { describe, expect, it } from 'vitest';
import { pathCode } from '../../generator/emit/mappers/expr-code.ts';
import * as values from '../../runtime/values.ts';
import { commentText, isSafeIdentifier, lit, propKey } from '../../generator/emit/emission.ts';
import {
  kindMapTypeName,
  messageTypeName,
  NameScope,
  pascalCase,
  responseTypeName,
  versionNamespace,
} from '../../generator/emit/upstream/names.ts';

describe('type names', () => {
  it.each([
    ['item/started', 'ItemStarted'],
    ['thread/tokenUsage/updated', 'ThreadTokenUsageUpdated'],
    ['agent_message_delta', 'AgentMessageDelta'],
    ['system:task_started', 'SystemTaskStarted'],
    ['user[isReplay]', 'UserIsReplay'],
    ['v2 turn', 'V2Turn'],
    ['mcp2server', 'Mcp2Server'], // a letter after digits is upper-cased, as json-schema-to-typescript does
    ['2fa', 'T2Fa'], // a name may not start with a digit
    ['---', 'Unnamed'],
  ])('%j → %j', (given, want) => expect(pascalCase(given)).toBe(want));

  it.each([
    [['notification', 'item/started'], 'NotificationItemStarted', 'NotificationItemStartedResponse'],
    [['sdk-message', 'result'], 'SdkMessageResult', 'SdkMessageResultResponse'],
  ])('kind and name %j: %j, answered by %j', ([kind, name], message, response) => {
    expect(messageTypeName(kind!, name!)).toBe(message);
    expect(responseTypeName(kind!, name!)).toBe(response);
  });

  it.each([
    ['notification', 'NotificationByName'],
    ['eventmsg', 'EventmsgByName'],
  ])('the map of kind %j: %j', (kind, want) => expect(kindMapTypeName(kind)).toBe(want));

  it.each([
    ['0.171.0', 'v0_171_0'],
    ['0.3.332-alpha.1', 'v0_3_332_alpha_1'],
    ['0.0.0-folder-0123456789ab', 'v0_0_0_folder_0123456789ab'],
  ])('the namespace of %j: %j', (version, want) => expect(versionNamespace(version)).toBe(want));

  it('hands out a name once in a scope: later clashes get _2, _3', () => {
    const scope = new NameScope();
    expect(['Turn', 'Turn', 'Item', 'Turn', 'Turn_2'].map((n) => scope.claim(n))).toEqual([
      'Turn',
      'Turn_2',
      'Item',
      'Turn_3',
      'Turn_2_2',
    ]);
  });
});

describe('quoting', () => {
  it.each([
    ['threadId', 'threadId'],
    ['$ref', '$ref'],
    ['a-b', '"a-b"'],
    ['odd name', '"odd name"'],
    ['1st', '"1st"'],
    ['__proto__', '["__proto__"]'], // computed, so it stays a key
    ['line\u2028break', '"line\\u2028break"'],
  ])('object key %j: %s', (name, want) => expect(String(propKey(name))).toBe(want));

  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['\u2029', '"\\u2029"'],
    ['\u202e', '"\\u202e"'], // a bidi override reads in review as what it is
    ['\u007f', '"\\u007f"'],
  ])('string literal %j: %s', (value, want) => expect(String(lit(value))).toBe(want));

  it.each([
    ['a */ b', 'a *\\/ b'],
    ['one\ntwo\r\nthree', 'one two three'],
    ['x\u2028y', 'x y'],
    ['bidi\u202egone', 'bidi gone'],
    ['  padded   twice  ', 'padded twice'],
  ])('comment text %j: %j', (given, want) => expect(commentText(given)).toBe(want));

  it.each([
    ['mapTurnCompleted', true],
    ['_private', true],
    ['$x', true],
    ['a b', false],
    ['class', false],
    ['constructor', false],
    ['x'.repeat(201), false],
  ])('%j is a safe identifier: %s', (name, want) => expect(isSafeIdentifier(name)).toBe(want));
});

describe('paths read from a message (pathCode)', () => {
  // Evaluated with the runtime's own value helpers, so the code is checked by what it reads, and a
  // helper the emitted code names must exist at run time (an inherited name reads through `own`).
  const read = (segments: (string | number)[], m: unknown): unknown =>
    new Function('own', 'm', `return ${pathCode(segments).toString()};`)(values.own, m);
  it.each<{ given: (string | number)[]; m: unknown; want: unknown }>([
    { given: ['params', 'id'], m: { params: { id: 'a' } }, want: 'a' },
    { given: ['params', 'id'], m: { params: null }, want: undefined },
    { given: ['items', 0], m: { items: ['x'] }, want: 'x' },
    { given: ['constructor'], m: {}, want: undefined },
    { given: ['constructor'], m: { constructor: 'mine' }, want: 'mine' },
    { given: ['update', 'entries'], m: { update: { entries: [1] } }, want: [1] },
    { given: ['update', 'entries'], m: { update: [] }, want: undefined },
    { given: ['a-b'], m: { 'a-b': 1 }, want: 1 },
  ])('$given', ({ given, m, want }) => expect(read(given, m)).toEqual(want));
});
