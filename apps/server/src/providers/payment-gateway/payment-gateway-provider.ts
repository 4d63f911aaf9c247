import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { EwalletCode as ChannelEwalletCode } from '@kaskita/domain/payments/channels';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by Xendit (xendit-payment-gateway.ts, production) and a sandbox whose simulated payments arrive as
// signed callbacks through callbacks/ and the inbox. No fake here: a sandbox that answered without a callback would test
// a flow that production never runs.

/** Banks borrowers repay through by virtual account (lending-rules.md, "Payment rails"). */
export type VirtualAccountBank = 'BCA' | 'BNI' | 'BRI' | 'MANDIRI' | 'PERMATA' | 'CIMB' | 'BSI';
/** Convenience stores that take a payment code. */
export type RetailOutlet = 'ALFAMART' | 'INDOMARET';

interface PaymentRequest {
  /** Our id for this repayment attempt: the callback names it, and a retried create must not make a second one. */
  externalId: string;
  /** The expected amount: one-time virtual accounts and store codes take exactly this. */
  amount: Rupiah;
  expiresAt: Date;
  /** Shown by the bank or the cashier (the borrower's name as on the KTP). */
  displayName: string;
}

export interface VirtualAccountRequest extends PaymentRequest {
  bank: VirtualAccountBank;
}

export interface VirtualAccount {
  externalId: string;
  bank: VirtualAccountBank;
  accountNumber: string;
  /** Mandiri bill payment: the borrower enters a biller code and a bill key instead of an account number. */
  billerCode: string | null;
  amount: Rupiah;
  expiresAt: Date;
}

export interface StorePaymentCodeRequest extends PaymentRequest {
  outlet: RetailOutlet;
}

export interface StorePaymentCode {
  externalId: string;
  outlet: RetailOutlet;
  paymentCode: string;
  amount: Rupiah;
  expiresAt: Date;
}

/** A dynamic QRIS code: closed to one amount, paid once, by any QRIS app (banks and e-wallets alike). */
export type QrCodeRequest = PaymentRequest;

export interface QrCode {
  externalId: string;
  /** The code's content in the EMVCo merchant-presented format QRIS uses; the app draws it as the QR image. */
  qrString: string;
  amount: Rupiah;
  expiresAt: Date;
}

/** E-wallets a borrower pays from, by our code (the gateway's channel codes are its own). */
export type EwalletCode = ChannelEwalletCode;

/**
 * A one-time charge to the borrower's e-wallet for one exact amount: DANA and ShopeePay send the borrower to the
 * wallet (a page or the app) and back to `returnUrl`; OVO pushes a request to the app of `mobileNumber`.
 */
export interface EwalletChargeRequest extends PaymentRequest {
  wallet: EwalletCode;
  /** OVO: the wallet account's phone in E.164 (+62...), which receives the push; null for the redirect wallets. */
  mobileNumber: string | null;
  /** Where the wallet sends the borrower back when they have paid, failed or given up (redirect wallets). */
  returnUrl: string;
}

export interface EwalletCharge {
  externalId: string;
  wallet: EwalletCode;
  /** Where to send the borrower to pay (https, or the wallet app's own link); null when the wallet pushes (OVO). */
  checkoutUrl: string | null;
  amount: Rupiah;
  expiresAt: Date;
}

/**
 * Where borrowers pay in. Creating a payment method never means money arrived: a payment is known only from the
 * gateway's verified callback (callbacks/, inbox), so this interface has no "was it paid?" call to lean on.
 */
export interface PaymentGatewayProvider extends ProviderDescriptor<'payment-gateway'> {
  createVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount>;
  createStorePaymentCode(request: StorePaymentCodeRequest): Promise<StorePaymentCode>;
  createQrCode(request: QrCodeRequest): Promise<QrCode>;
  /** The charge's outcome arrives by callback: paid (applied like any payment) or failed (the code is closed). */
  createEwalletCharge(request: EwalletChargeRequest): Promise<EwalletCharge>;
  /**
   * Sandboxes only (absent on real gateways): ask the gateway to pay as a borrower would; the payment then arrives as
   * a callback, exactly like a real one.
   */
  simulatePayment?(payment: { externalId: string; amount: Rupiah }): Promise<void>;
  /** Sandboxes only: the borrower declines (or lets lapse) an e-wallet charge; its failure arrives as a callback. */
  simulateFailure?(externalId: string): Promise<void>;
}
