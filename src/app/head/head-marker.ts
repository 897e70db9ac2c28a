/**
 * The attribute on every <head> element a page manages. A prerendered page carries it, so
 * the client knows its <head> is complete without loading src/app/head/head.ts.
 */
export const HEAD_MARKER = 'data-page-head';
