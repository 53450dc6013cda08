// A private CODEX_HOME whose config points codex at the scripted model server on loopback, with
// one retry (a model error fails the turn after one visible retry, not after many) and nothing
// phoning home.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeCodexConfig(codexHome: string, opts: { model: string; serverUrl: string; workdir: string }): void {
  mkdirSync(codexHome, { recursive: true });
  const toml = [
    `model = ${JSON.stringify(opts.model)}`,
    'model_provider = "fake"',
    'check_for_update_on_startup = false',
    'model_reasoning_summary = "detailed"',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = ${JSON.stringify(`${opts.serverUrl}/v1`)}`,
    'wire_api = "responses"',
    'env_key = "FAKE_API_KEY"',
    'request_max_retries = 1',
    'stream_max_retries = 1',
    'stream_idle_timeout_ms = 300000',
    '',
    '[analytics]',
    'enabled = false',
    '',
    `[projects.${JSON.stringify(opts.workdir)}]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
  writeFileSync(join(codexHome, 'config.toml'), toml);
}
