import type { Rupiah } from '@kaskita/domain/money/rupiah';
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

/**
 * Where borrowers pay in. Creating a payment method never means money arrived: a payment is known only from the
 * gateway's verified callback (callbacks/, inbox), so this interface has no "was it paid?" call to lean on.
 */
export interface PaymentGatewayProvider extends ProviderDescriptor<'payment-gateway'> {
  createVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount>;
  createStorePaymentCode(request: StorePaymentCodeRequest): Promise<StorePaymentCode>;
  createQrCode(request: QrCodeRequest): Promise<QrCode>;
  /**
   * Sandboxes only (absent on real gateways): ask the gateway to pay as a borrower would; the payment then arrives as
   * a callback, exactly like a real one.
   */
  simulatePayment?(payment: { externalId: string; amount: Rupiah }): Promise<void>;
}
