/** The site palette (see DESIGN/SPEC). Media never invents colours outside these families. */
export const palette = {
  night: '#1e3a5f',
  night2: '#16304f',
  nightDeep: '#0f2238',
  nightDeepest: '#0a1828',
  cream: '#faf7f2',
  sand: '#f1ebe1',
  sandDeep: '#e4d9c8',
  sage: '#3f6b5e',
  sageLight: '#8fb0a3',
  amber: '#e8c27a',
  amberSoft: '#f3dca6',
} as const;
