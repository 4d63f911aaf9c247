import { Alert, Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/** The longest reason the server keeps (the contracts' reason schema). */
export const REASON_MAX = 500;

interface ReasonModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** What will change, said before anyone confirms it. */
  description?: ReactNode;
  /** More fields above the reason (a role, an amount ...): antd Form.Items, read into `values`. */
  children?: ReactNode;
  okText?: ReactNode;
  danger?: boolean;
  onCancel(): void;
  /**
   * Runs the command with the typed reason and the other fields. A rejection keeps the modal open with the error;
   * success closes it (through the caller's `open`).
   */
  onSubmit(values: V & { reason: string }): Promise<unknown>;
}

/**
 * Every staff change needs a reason (it goes into the audit row): this modal asks for it, with any other fields the
 * command takes, and shows the server's refusal in place.
 */
export function ReasonModal<V extends object = object>({
  open,
  title,
  description,
  children,
  okText,
  danger,
  onCancel,
  onSubmit,
}: ReasonModalProps<V>) {
  const { t } = useI18n();
  const [form] = Form.useForm<V & { reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: V & { reason: string }) => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...values, reason: values.reason.trim() });
      form.resetFields();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => {
        setError(null);
        onCancel();
      }}
      okText={okText ?? t({ 'en-US': 'Confirm', 'id-ID': 'Konfirmasi' })}
      cancelText={t({ 'en-US': 'Cancel', 'id-ID': 'Batal' })}
      okButtonProps={{ danger, loading: busy, htmlType: 'submit', form: 'reason-form' }}
      destroyOnHidden
    >
      {description}
      <Form
        id="reason-form"
        name="reason-form"
        form={form}
        layout="vertical"
        onFinish={submit}
        preserve={false}
      >
        {children}
        <Form.Item
          name="reason"
          label={t({ 'en-US': 'Reason (kept in the audit log)', 'id-ID': 'Alasan (disimpan di log audit)' })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t({ 'en-US': 'Say why', 'id-ID': 'Tuliskan alasannya' }),
            },
            { max: REASON_MAX },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
      {error && <Alert type="error" title={error} showIcon />}
    </Modal>
  );
}

interface ReasonButtonProps<V extends object> extends Omit<ReasonModalProps<V>, 'open' | 'onCancel'> {
  label: ReactNode;
  buttonProps?: ButtonProps;
}

/** A button opening a ReasonModal: the usual shape of a row action ("Disable", "Approve" ...). */
export function ReasonButton<V extends object = object>({
  label,
  buttonProps,
  onSubmit,
  ...modal
}: ReasonButtonProps<V>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button danger={modal.danger} {...buttonProps} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonModal<V>
        {...modal}
        open={open}
        onCancel={() => setOpen(false)}
        onSubmit={async (values) => {
          await onSubmit(values);
          setOpen(false);
        }}
      />
    </>
  );
}
