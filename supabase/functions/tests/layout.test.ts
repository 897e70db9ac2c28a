/**
 * The HTML frame of every mail (mail/layout.ts): laid out at the phone's width, not at a
 * desktop's 980 px, and in Swiss German.
 */
import assert from 'node:assert/strict';
import { htmlDocument } from '../_shared/mail/layout.ts';

Deno.test('every mail fits a phone: a viewport at the device width, long words wrap', () => {
  const html = htmlDocument('Terminbestätigung', '<p>Hallo</p>');
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(html, /<html lang="de-CH">/);
  assert.match(html, /<body style="[^"]*overflow-wrap:break-word/);
});
