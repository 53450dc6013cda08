// The name of a package's platform-specific optional dependency (native binaries ship in these).
export const platformPackage = (prefix: string) => `${prefix}-${process.platform}-${process.arch}`;
