// Per-version settings of a codex capture: the model name (it decides which tools codex offers)
// and the feature flags (`--enable`) that make more of the protocol reachable.
import semver from 'semver';

export interface CodexProfile {
  model: string;
  enable: string[];
}

export function codexProfile(version: string): CodexProfile {
  // Feature names changed: request_permissions → request_permissions_tool; multi_agent became default.
  if (semver.valid(version) && semver.lt(version, '0.120.0'))
    return { model: 'fake-model', enable: ['request_permissions', 'multi_agent'] };
  return { model: 'fake-model', enable: ['request_permissions_tool'] };
}
