import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from '@kaskita/domain/contract/admin';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { staff, staffRecoveryCodes } from '../../src/db/schema.ts';
import { newIp, useTestApp } from '../helpers/test-app.ts';
import { adminCall, enrolTotp, signInStaff, totpNow, verifiedAdministrator } from './staff-helpers.ts';

const t = useTestApp();
const tree = (token: string) => adminCall(t.app, 'GET', '/permissions/user/tree', { token });

describe('staff sign-in with a second factor', () => {
  it('password, then enrolment by QR code, then the code from the app verifies the session', async () => {
    const admin = await verifiedAdministrator(t);
    // A new session: the password alone opens nothing but the second factor.
    const signedIn = await signInStaff(t.app, admin.email.toUpperCase(), admin.password);
    expect(signedIn.body.data).toMatchObject({ next: 'verify_totp', idle_seconds: STAFF_IDLE_SECONDS });
    const { token } = signedIn.body.data;
    expect((await tree(token)).body.code).toBe(4320);

    const verified = await adminCall(t.app, 'POST', '/totp/verify', {
      token,
      body: { totp_code: await totpNow(admin.secret, t.clock) },
    });
    expect(verified.body).toMatchObject({ code: 200, data: { role: 'administrator' } });
    expect((await tree(token)).body.code).toBe(200);
  });

  it('enrolment answers the secret once as an otpauth URL and a QR data URL, and keeps it encrypted', async () => {
    const admin = await verifiedAdministrator(t);
    const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email: 'Rina.Finance@KasKita.test', name: 'Rina', role: 'finance', reason: 'new hire' },
    });
    const signedIn = await signInStaff(
      t.app,
      'rina.finance@kaskita.test',
      created.body.data.one_time_password,
    );
    expect(signedIn.body.data.next).toBe('enrol_totp');
    const { token } = signedIn.body.data;

    const enrolled = await adminCall<{ secret: string; otpauth_url: string; qr_data_url: string }>(
      t.app,
      'POST',
      '/totp/enrol',
      { token },
    );
    const { secret, otpauth_url, qr_data_url } = enrolled.body.data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauth_url).toContain(secret);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.database.db
      .select()
      .from(staff)
      .where(eq(staff.email, 'rina.finance@kaskita.test'));
    expect(row!.totpSecretEnc).toMatch(/^v1\./);
    expect(row!.totpSecretEnc).not.toContain(secret);
    expect(row!.totpConfirmedAt).toBeNull();

    // A wrong first code confirms nothing; the right one returns 10 recovery codes, kept only as hashes.
    const wrong = await adminCall(t.app, 'POST', '/totp/confirm', { token, body: { totp_code: '000000' } });
    expect(wrong.body.code).toBe(4321);
    const confirmed = await adminCall<{ recovery_codes: string[] }>(t.app, 'POST', '/totp/confirm', {
      token,
      body: { totp_code: await totpNow(secret, t.clock) },
    });
    const codes = confirmed.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, row!.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    // Confirmed: enrolling again is refused (a stolen password must not replace the app).
    expect((await adminCall(t.app, 'POST', '/totp/enrol', { token })).body.code).toBe(4323);
    // Verified, but with the administrator's one-time password: their own comes first.
    expect((await tree(token)).body.code).toBe(4325);
  });

  it('a code is accepted once: the same step again is refused, the next step works', async () => {
    const admin = await verifiedAdministrator(t);
    const first = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    const second = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    const code = await totpNow(admin.secret, t.clock);
    expect(
      (await adminCall(t.app, 'POST', '/totp/verify', { token: first, body: { totp_code: code } })).body.code,
    ).toBe(200);
    expect(
      (await adminCall(t.app, 'POST', '/totp/verify', { token: second, body: { totp_code: code } })).body
        .code,
    ).toBe(4321);
    t.clock.advance(30);
    const next = await totpNow(admin.secret, t.clock);
    expect(
      (await adminCall(t.app, 'POST', '/totp/verify', { token: second, body: { totp_code: next } })).body
        .code,
    ).toBe(200);
  });

  it('a recovery code verifies a session once, and only its owner', async () => {
    const admin = await verifiedAdministrator(t);
    const other = await verifiedAdministrator(t);
    const [recovery] = admin.recoveryCodes;
    const token = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    const otherToken = (await signInStaff(t.app, other.email, other.password)).body.data.token;
    // Someone else's code does nothing.
    const borrowed = await adminCall(t.app, 'POST', '/totp/verify', {
      token: otherToken,
      body: { recovery_code: recovery },
    });
    expect(borrowed.body.code).toBe(4321);
    // Typed without the dash and in capitals: still the code.
    const used = await adminCall(t.app, 'POST', '/totp/verify', {
      token,
      body: { recovery_code: recovery!.replace('-', '').toUpperCase() },
    });
    expect(used.body.code).toBe(200);
    const again = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    const reused = await adminCall(t.app, 'POST', '/totp/verify', {
      token: again,
      body: { recovery_code: recovery },
    });
    expect(reused.body.code).toBe(4321);
    expect((await tree(again)).body.code).toBe(4320);
  });

  it('5 wrong passwords lock the e-mail, the right one included, until the window passes; unknown e-mails alike', async () => {
    const admin = await verifiedAdministrator(t);
    for (let i = 0; i < 5; i++)
      expect((await signInStaff(t.app, admin.email, 'salahSandi1')).body.code).toBe(4014);
    const locked = await signInStaff(t.app, admin.email, admin.password);
    expect(locked.body.code).toBe(4029);
    // An address nobody has tells the same story: locking says nothing about which e-mails exist.
    for (let i = 0; i < 5; i++)
      expect((await signInStaff(t.app, 'nobody@kaskita.test', 'salahSandi1')).body.code).toBe(4014);
    expect((await signInStaff(t.app, 'nobody@kaskita.test', 'salahSandi1')).body.code).toBe(4029);

    t.clock.advance(15 * 60 + 1);
    expect((await signInStaff(t.app, admin.email, admin.password)).body.code).toBe(200);
  });

  it('5 wrong codes refuse further checks for the member', async () => {
    const admin = await verifiedAdministrator(t);
    const token = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    const right = await totpNow(admin.secret, t.clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await adminCall(t.app, 'POST', '/totp/verify', { token, body: { totp_code: wrong } })).body.code,
      ).toBe(4321);
    expect(
      (await adminCall(t.app, 'POST', '/totp/verify', { token, body: { totp_code: right } })).body.code,
    ).toBe(4029);
  });

  it('a session ends after 30 minutes without a request, and after 12 hours whatever happens', async () => {
    const admin = await verifiedAdministrator(t);
    // Requests keep it alive...
    for (let i = 0; i < 3; i++) {
      t.clock.advance(STAFF_IDLE_SECONDS - 60);
      expect((await tree(admin.token)).body.code).toBe(200);
    }
    // ...until nothing comes for the whole idle time.
    t.clock.advance(STAFF_IDLE_SECONDS);
    expect((await tree(admin.token)).body.code).toBe(4047);

    const busy = await verifiedAdministrator(t);
    const step = STAFF_IDLE_SECONDS - 60;
    let elapsed = 0;
    let answered = 200;
    while (answered === 200 && elapsed <= STAFF_SESSION_MAX_SECONDS + step) {
      t.clock.advance(step);
      elapsed += step;
      answered = (await tree(busy.token)).body.code;
    }
    // Ended by its age, not earlier: the first refusal is the first request past 12 hours.
    expect(answered).toBe(4047);
    expect(elapsed).toBeGreaterThanOrEqual(STAFF_SESSION_MAX_SECONDS);
    expect(elapsed - step).toBeLessThan(STAFF_SESSION_MAX_SECONDS);
  });

  it('sign-out ends this session; sign-out everywhere ends all of the member, and no one else', async () => {
    const admin = await verifiedAdministrator(t);
    const other = await verifiedAdministrator(t);
    const second = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    await adminCall(t.app, 'POST', '/totp/verify', {
      token: second,
      body: { totp_code: await totpNow(admin.secret, t.clock) },
    });
    const third = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;

    expect((await adminCall(t.app, 'POST', '/sign_out', { token: third })).body.code).toBe(200);
    expect((await adminCall(t.app, 'POST', '/totp/enrol', { token: third })).body.code).toBe(4047);
    expect((await tree(second)).body.code).toBe(200);

    expect((await adminCall(t.app, 'POST', '/sign_out_everywhere', { token: second })).body.code).toBe(200);
    expect((await tree(second)).body.code).toBe(4047);
    expect((await tree(admin.token)).body.code).toBe(4047);
    expect((await tree(other.token)).body.code).toBe(200);
  });

  it('answers the role and its permissions once verified', async () => {
    const admin = await verifiedAdministrator(t);
    const token = (await signInStaff(t.app, admin.email, admin.password, newIp())).body.data.token;
    const verified = await adminCall<{ permissions: string[] }>(t.app, 'POST', '/totp/verify', {
      token,
      body: { totp_code: await totpNow(admin.secret, t.clock) },
    });
    expect(verified.body.data.permissions.sort()).toEqual(Object.values(PERMISSIONS).sort());
  });
});

describe('the order of the steps', () => {
  it('a member cannot verify before setting up an app', async () => {
    const admin = await verifiedAdministrator(t);
    const created = await adminCall<{ one_time_password: string; email: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email: 'budi.cs@kaskita.test', name: 'Budi', role: 'customer_support', reason: 'new hire' },
    });
    const token = (await signInStaff(t.app, 'budi.cs@kaskita.test', created.body.data.one_time_password)).body
      .data.token;
    expect(
      (await adminCall(t.app, 'POST', '/totp/verify', { token, body: { totp_code: '123456' } })).body.code,
    ).toBe(4324);
    await enrolTotp(t, token);
    expect((await tree(token)).body.code).toBe(4325);
  });
});
