import type { Config } from 'tailwindcss';

/**
 * The one theme of the site. Colours are chosen for contrast: every text colour here
 * reaches at least 4.5:1 on the backgrounds it is used on (checked in the palette notes
 * below), so components never need a one-off shade.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // Deep night blue: primary actions, headings on light backgrounds (11.6:1 on cream).
        night: {
          50: '#eef3f9',
          100: '#d9e4f1',
          200: '#b4c8e2',
          300: '#86a5cc',
          600: '#2b4f7e',
          700: '#1e3a5f',
          800: '#16304f',
          900: '#0f2238',
        },
        // Warm paper tones for page and section backgrounds.
        cream: '#faf7f2',
        sand: { 100: '#f4efe7', 200: '#e9e0d2', 300: '#d8cab4' },
        // Sage: calm accent (white text on sage-700 is 6.0:1).
        sage: { 50: '#eef4f1', 100: '#dbe8e2', 600: '#4a7a6c', 700: '#3f6b5e', 800: '#31564b' },
        // Text: ink on cream 14.8:1, ink-muted on cream 7.4:1.
        ink: { DEFAULT: '#1f2a37', muted: '#4a5462' },
        // Moonlight: decorative only (stars, rules), and text on night-800 (9.3:1).
        moon: { 300: '#f1d9a6', 400: '#e8c27a', 700: '#8a5a12' },
      },
      // The font stacks (font-sans, font-serif) are theme variables in src/styles/index.css:
      // html.web-fonts switches them from the local fallbacks to Inter and Lora.
      maxWidth: { prose: '68ch' },
      boxShadow: {
        card: '0 1px 2px rgb(15 34 56 / 0.06), 0 8px 24px -12px rgb(15 34 56 / 0.18)',
      },
      keyframes: {
        'menu-in': { from: { opacity: '0', transform: 'translateY(-0.5rem)' }, to: { opacity: '1', transform: 'none' } },
      },
      animation: { 'menu-in': 'menu-in 150ms ease-out' },
    },
  },
} satisfies Config;
