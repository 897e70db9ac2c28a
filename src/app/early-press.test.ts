import { afterEach, describe, expect, it } from 'vitest';
import { rememberEarlyButtonPress } from '@/app/early-press';

function add(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('rememberEarlyButtonPress', () => {
  it('hands over the last button pressed, also by a click on its icon', () => {
    const host = add('<button type="button" id="a">A</button><button type="button" id="b"><svg><path/></svg></button>');
    const take = rememberEarlyButtonPress();
    host.querySelector<HTMLElement>('#a')!.click();
    host.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(take()?.id).toBe('b');
  });

  it('ignores links, submit buttons and disabled buttons', () => {
    const host = add(
      '<a href="#x" id="link">Link</a><form><button id="submit">Senden</button></form>' +
        '<button type="button" disabled id="off">Aus</button><button type="button" aria-disabled="true" id="aria">Aus</button>',
    );
    host.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    const take = rememberEarlyButtonPress();
    for (const id of ['link', 'submit', 'off', 'aria']) host.querySelector<HTMLElement>(`#${id}`)!.click();
    expect(take()).toBeUndefined();
  });

  it('forgets a button that left the page, and stops listening once taken', () => {
    const host = add('<button type="button" id="gone">Weg</button><button type="button" id="late">Später</button>');
    const take = rememberEarlyButtonPress();
    const gone = host.querySelector<HTMLElement>('#gone')!;
    gone.click();
    gone.remove();
    expect(take()).toBeUndefined();
    host.querySelector<HTMLElement>('#late')!.click();
    expect(take()).toBeUndefined();
  });
});
