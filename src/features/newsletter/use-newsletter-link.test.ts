// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_PATH } from '@domain/newsletter';
import { linkActionOf, linkStep } from './use-newsletter-link';

describe('the newsletter link page\'s state', () => {
  it('the path names the action: the confirm page (with or without its slash), every other path unsubscribes', () => {
    expect(linkActionOf(NEWSLETTER_CONFIRM_PATH)).toBe('confirm');
    expect(linkActionOf(`${NEWSLETTER_CONFIRM_PATH}/`)).toBe('confirm');
    expect(linkActionOf('/newsletter/abmelden')).toBe('unsubscribe');
    // The English pages alike.
    expect(linkActionOf('/en/newsletter/confirm')).toBe('confirm');
    expect(linkActionOf('/en/newsletter/confirm/')).toBe('confirm');
    expect(linkActionOf('/en/newsletter/unsubscribe')).toBe('unsubscribe');
  });

  it('before the token is read it is reading, without one missing, whatever the press says', () => {
    expect(linkStep(null, { status: 'idle' })).toBe('reading');
    expect(linkStep('', { status: 'idle' })).toBe('missing');
    expect(linkStep('', { status: 'success', data: 'done' })).toBe('missing');
  });

  it('with a token: ready until the press, sending while it is on its way, then its outcome', () => {
    expect(linkStep('tok', { status: 'idle' })).toBe('ready');
    expect(linkStep('tok', { status: 'pending' })).toBe('sending');
    expect(linkStep('tok', { status: 'success', data: 'done' })).toBe('done');
    expect(linkStep('tok', { status: 'success', data: 'link_invalid' })).toBe('invalid');
    expect(linkStep('tok', { status: 'error' })).toBe('failed');
  });
});
