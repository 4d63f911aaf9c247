import { generateSecret, generateURI, verify } from 'otplib';
import type { Clock } from '../../clock.ts';

/** What an authenticator app is set up from: shown once, then only the encrypted secret is kept. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

const ISSUER = 'KasKita Back Office';
/** One 30 s step either side: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;

/**
 * RFC 6238 codes (otplib, the defaults every authenticator app reads: SHA-1, 6 digits, 30 s) on the injected clock,
 * so tests move time instead of waiting for it.
 */
export class StaffTotp {
  constructor(private readonly clock: Clock) {}

  async enrolment(email: string): Promise<TotpEnrolment> {
    const secret = generateSecret();
    const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
    // A data: URL, drawn here: the secret never goes to a third-party QR service. qrcode is loaded by the first
    // enrolment, not at every start of the server (40-90 ms of CPU, 2026-12-02/03).
    const { default: QRCode } = await import('qrcode');
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /**
   * The time step a code matched, or null. A step at or before `afterStep` (the last one accepted) is refused, so a
   * code seen over someone's shoulder cannot be used again.
   */
  async check(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // A TOTP check always answers its step; the HOTP half of otplib's result type never comes back here.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
