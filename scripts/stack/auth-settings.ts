/**
 * GET /auth/v1/settings as Supabase Auth (GoTrue) answers it: the one Auth endpoint the
 * project reads (`npm run check:deploy`: sign-ups must be off), served by the stand-in's
 * gateway from supabase/config.toml as `supabase start` would configure GoTrue.
 *
 * - The answer: GoTrue's `Settings` and `ProviderSettings` (supabase/auth
 *   internal/api/settings.go, commit bc32168e13fdc928c98b449fc76bc3fdb9a293c5, the same in
 *   tag v2.196.0), in their field order, sent with `json.Marshal` as `application/json`
 *   (internal/api/shared/http.go, json.go): 200, no trailing newline.
 * - From config.toml, as the CLI hands it to GoTrue (supabase/cli
 *   apps/cli-go/internal/start/start.go, commit 1d1e7191268e068fe9cb6aba524d1c619a9c727b):
 *   `GOTRUE_DISABLE_SIGNUP = !auth.enable_signup`, `GOTRUE_EXTERNAL_EMAIL_ENABLED`,
 *   `GOTRUE_MAILER_AUTOCONFIRM = !auth.email.enable_confirmations`,
 *   `GOTRUE_EXTERNAL_PHONE_ENABLED`, `GOTRUE_SMS_AUTOCONFIRM = !auth.sms.enable_confirmations`,
 *   `GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED = auth.enable_anonymous_sign_ins`,
 *   `GOTRUE_EXTERNAL_<NAME>_ENABLED` per `[auth.external.<name>]`, `GOTRUE_SMS_PROVIDER` the
 *   first enabled of `[auth.sms.twilio|twilio_verify|messagebird|textlocal|vonage]` (else
 *   GoTrue's default, ""), `GOTRUE_PASSKEY_ENABLED` from `[auth.passkey]`; SAML is not set.
 *   The email provider: CLI 3.1's `auth.email.enabled`, or the older `auth.email.enable_signup`
 *   it still reads (both default true).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** GoTrue's ProviderSettings, in its field order. */
const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter', 'email', 'phone', 'zoom',
] as const;

/** The SMS providers the CLI knows, in the order it picks the first enabled one. */
const SMS_PROVIDERS = ['twilio', 'twilio_verify', 'messagebird', 'textlocal', 'vonage'] as const;

export interface AuthSettings {
  external: Record<(typeof PROVIDERS)[number], boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  phone_autoconfirm: boolean;
  sms_provider: string;
  saml_enabled: boolean;
  saml_private_key_next_configured: boolean;
  passkeys_enabled: boolean;
}

/**
 * The booleans of config.toml by section (`auth.email` → `enabled` → true). Only `key =
 * true|false` lines are read – all this needs – so a line-based reading is enough.
 */
export function tomlBooleans(toml: string): Map<string, Map<string, boolean>> {
  const sections = new Map<string, Map<string, boolean>>();
  let current = '';
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const section = /^\[\s*([A-Za-z0-9_.-]+)\s*\]$/.exec(line);
    if (section) {
      current = section[1]!;
      continue;
    }
    const setting = /^([A-Za-z0-9_-]+)\s*=\s*(true|false)$/.exec(line);
    if (setting) {
      if (!sections.has(current)) sections.set(current, new Map());
      sections.get(current)!.set(setting[1]!, setting[2] === 'true');
    }
  }
  return sections;
}

export function authSettingsOf(toml: string): AuthSettings {
  const booleans = tomlBooleans(toml);
  const flag = (section: string, key: string, fallback: boolean) => booleans.get(section)?.get(key) ?? fallback;
  const external = Object.fromEntries(PROVIDERS.map((name) => [name, flag(`auth.external.${name}`, 'enabled', false)])) as AuthSettings['external'];
  external.anonymous_users = flag('auth', 'enable_anonymous_sign_ins', false);
  external.email = flag('auth.email', 'enabled', flag('auth.email', 'enable_signup', true));
  external.phone = flag('auth.sms', 'enabled', flag('auth.sms', 'enable_signup', false));
  return {
    external,
    disable_signup: !flag('auth', 'enable_signup', true),
    mailer_autoconfirm: !flag('auth.email', 'enable_confirmations', false),
    phone_autoconfirm: !flag('auth.sms', 'enable_confirmations', false),
    sms_provider: SMS_PROVIDERS.find((name) => flag(`auth.sms.${name}`, 'enabled', false)) ?? '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: flag('auth.passkey', 'enabled', false),
  };
}

/** The project's own: supabase/config.toml (GoTrue's defaults without one). */
export function readAuthSettings(repoRoot: string): AuthSettings {
  const file = path.join(repoRoot, 'supabase', 'config.toml');
  return authSettingsOf(existsSync(file) ? readFileSync(file, 'utf8') : '');
}
