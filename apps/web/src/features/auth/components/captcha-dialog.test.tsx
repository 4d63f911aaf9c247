import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { answer, offline } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { CaptchaDialog } from './captcha-dialog.tsx';

const image = (id: string) => answer(200, { id, png: btoa(id) });
const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});

const shownId = () => atob(screen.getByTestId('captcha-img').getAttribute('src')!.split(',')[1]!);

function setup(onSubmit = vi.fn()) {
  const onClose = vi.fn();
  const app = renderApp(<CaptchaDialog visible onSubmit={onSubmit} onClose={onClose} />);
  const reopen = (visible: boolean) =>
    app.rerender(<CaptchaDialog visible={visible} onSubmit={onSubmit} onClose={onClose} />);
  return { ...app, onSubmit, reopen };
}

describe('CaptchaDialog', () => {
  it('a wrong answer loads a fresh image and empties the input; the right one is sent with its id', async () => {
    fetch.mockResolvedValueOnce(image('first')).mockResolvedValueOnce(image('second'));
    const onSubmit = vi.fn().mockResolvedValueOnce('retry').mockResolvedValueOnce('done');
    const f = setup(onSubmit);
    await waitFor(() => expect(shownId()).toBe('first'));
    await f.user.type(screen.getByTestId('captcha-input'), 'AAAA');
    await f.user.click(screen.getByTestId('captcha-submit'));
    expect(onSubmit).toHaveBeenCalledWith('first', 'AAAA');
    await waitFor(() => expect(shownId()).toBe('second'));
    expect(screen.getByTestId<HTMLInputElement>('captcha-input').value).toBe('');
    await f.user.type(screen.getByTestId('captcha-input'), 'BBBB');
    await f.user.click(screen.getByTestId('captcha-submit'));
    expect(onSubmit).toHaveBeenLastCalledWith('second', 'BBBB');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an empty answer is refused with its message, sending nothing', async () => {
    fetch.mockResolvedValue(image('first'));
    const f = setup();
    await waitFor(() => expect(shownId()).toBe('first'));
    await f.user.click(screen.getByTestId('captcha-submit'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the image code');
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it('a failed image leaves nothing to answer: submitting asks for an image again', async () => {
    fetch.mockImplementationOnce(offline).mockResolvedValueOnce(image('second'));
    const f = setup();
    await screen.findByText('The image could not be loaded, tap to retry');
    await f.user.type(screen.getByTestId('captcha-input'), 'AAAA');
    await f.user.click(screen.getByTestId('captcha-submit'));
    await waitFor(() => expect(shownId()).toBe('second'));
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it('each opening shows a new image and a blank input', async () => {
    fetch.mockResolvedValueOnce(image('first')).mockResolvedValueOnce(image('second'));
    const f = setup();
    await waitFor(() => expect(shownId()).toBe('first'));
    await f.user.type(screen.getByTestId('captcha-input'), 'AAAA');
    f.reopen(false);
    f.reopen(true);
    await waitFor(() => expect(shownId()).toBe('second'));
    expect(screen.getByTestId<HTMLInputElement>('captcha-input').value).toBe('');
  });
});
