// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { authSettingsOf, readAuthSettings } from './auth-settings';
import { REPO_ROOT } from './start-stack';

describe('GET /auth/v1/settings from config.toml', () => {
  it('says sign-ups are off for the project (supabase/config.toml: [auth] enable_signup = false)', () => {
    expect(readAuthSettings(REPO_ROOT)).toMatchObject({ disable_signup: true, external: { email: true, phone: false, anonymous_users: false } });
  });

  it('maps the settings as the CLI hands them to GoTrue; GoTrue’s defaults without them', () => {
    expect(authSettingsOf('')).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      sms_provider: '',
      passkeys_enabled: false,
      external: { email: true, phone: false, anonymous_users: false, github: false },
    });
    const toml = [
      '[auth]', 'enable_signup = true # sign-ups on', 'enable_anonymous_sign_ins = true',
      '[auth.email]', 'enable_signup = false', 'enable_confirmations = true',
      '[auth.sms]', 'enabled = true', '[auth.sms.twilio]', 'enabled = false', '[auth.sms.vonage]', 'enabled = true',
      '[auth.external.github]', 'enabled = true', '[auth.passkey]', 'enabled = true',
    ].join('\n');
    expect(authSettingsOf(toml)).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      sms_provider: 'vonage',
      passkeys_enabled: true,
      external: { email: false, phone: true, anonymous_users: true, github: true, google: false },
    });
    // CLI 3.1's `auth.email.enabled` wins over the older `enable_signup` it still reads.
    expect(authSettingsOf('[auth.email]\nenabled = true\nenable_signup = false').external.email).toBe(true);
  });
});
