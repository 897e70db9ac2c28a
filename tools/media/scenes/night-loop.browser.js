// Home hero loop, drawn on a <canvas> in Chromium. Plain browser JavaScript on purpose:
// it is injected into the page as-is (no transpiler helpers).
//
// Everything is a function of t in [0, 1), the position in the loop, and every motion uses
// an integer number of cycles per loop, so frame N equals frame 0 and the video loops
// without a seam. Coordinates are logical 1600x900 and scaled to the canvas size, so the
// 1280x720 video frames and the 1600x900 poster show the same picture.
/* global window, document */
(function () {
  const TAU = Math.PI * 2;
  const W = 1600;
  const H = 900;
  let ctx;
  let scene;

  function init(canvas, data) {
    ctx = canvas.getContext('2d', { alpha: false });
    scene = data;
    ctx.setTransform(canvas.width / W, 0, 0, canvas.height / H, 0, 0);
  }

  function rgba(hex, a) {
    const n = parseInt(hex.slice(1), 16);
    return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
  }

  function glow(x, y, r, hex, a) {
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, rgba(hex, a));
    g.addColorStop(0.45, rgba(hex, a * 0.45));
    g.addColorStop(1, rgba(hex, 0));
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  }

  function sky(t) {
    const g = ctx.createLinearGradient(0, 0, 0, H);
    g.addColorStop(0, '#09172a');
    g.addColorStop(0.5, '#0e2137');
    g.addColorStop(1, '#15304e');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);

    // Two large, faint lights drifting on closed paths (one cycle per loop).
    const a = TAU * t;
    glow(1120 + 70 * Math.cos(a), 520 + 40 * Math.sin(a), 620, '#2b5784', 0.22);
    glow(760 + 90 * Math.sin(a), 760 + 30 * Math.cos(a), 520, '#3f6b5e', 0.16);
  }

  function stars(t) {
    for (const s of scene.stars) {
      const tw = 0.5 + 0.5 * Math.sin(TAU * (s.k * t + s.p));
      const a = s.a * (0.35 + 0.65 * tw);
      if (s.r > 1.3) glow(s.x, s.y, s.r * 7, '#f3dca6', a * 0.22);
      ctx.fillStyle = rgba(s.warm ? '#f6e6c4' : '#e4ecf7', a);
      ctx.beginPath();
      ctx.arc(s.x, s.y, s.r, 0, TAU);
      ctx.fill();
    }
  }

  function moon(t) {
    const x = 1250;
    const y = 235;
    const r = 58;
    // The halo breathes with the waves (two breaths per loop).
    const b = 0.5 + 0.5 * Math.sin(TAU * 2 * t - Math.PI / 2);
    glow(x, y, 330, '#e8c27a', 0.1 + 0.05 * b);
    glow(x, y, 150, '#f3dca6', 0.12 + 0.05 * b);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, W, H);
    ctx.arc(x + 26, y - 14, r * 0.9, 0, TAU, true);
    ctx.clip('evenodd');
    const g = ctx.createRadialGradient(x - 20, y + 10, 4, x, y, r);
    g.addColorStop(0, '#fbecc9');
    g.addColorStop(1, '#e8c27a');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, TAU);
    ctx.fill();
    ctx.restore();
  }

  // Layered soft waves like a duvet rising and falling with slow breathing.
  const WAVES = [
    { base: 640, amp: 26, len: 1500, k: 1, ph: 0.1, breath: 8, top: '#1f416a', bot: '#13294a', a: 0.75, crest: 0.1 },
    { base: 700, amp: 30, len: 1250, k: -1, ph: 0.45, breath: 10, top: '#1d3f5c', bot: '#102640', a: 0.85, crest: 0.13 },
    { base: 765, amp: 24, len: 1700, k: 1, ph: 0.8, breath: 12, top: '#22484f', bot: '#0f2439', a: 0.9, crest: 0.1 },
    { base: 830, amp: 20, len: 1100, k: -1.3, ph: 0.3, breath: 9, top: '#142c47', bot: '#0b1b2e', a: 1, crest: 0.08 },
  ];

  // Waves sway back and forth (a fraction of a wavelength) instead of travelling: slower,
  // calmer, and still periodic in the loop.
  function waveY(w, x, t) {
    const breath = w.breath * Math.sin(TAU * (2 * t) + w.ph * 2);
    const sway = 0.07 * w.k * Math.sin(TAU * t + w.ph * 5);
    return (
      w.base -
      breath +
      w.amp * Math.sin(TAU * (x / w.len + sway + w.ph)) +
      w.amp * 0.35 * Math.sin(TAU * (x / (w.len * 0.53) - sway * 1.4 + w.ph * 3))
    );
  }

  function waves(t) {
    for (const w of WAVES) {
      ctx.beginPath();
      ctx.moveTo(0, H);
      for (let x = 0; x <= W; x += 16) ctx.lineTo(x, waveY(w, x, t));
      ctx.lineTo(W, H);
      ctx.closePath();
      const g = ctx.createLinearGradient(0, w.base - w.amp * 2, 0, H);
      g.addColorStop(0, rgba(w.top, w.a));
      g.addColorStop(1, rgba(w.bot, w.a));
      ctx.fillStyle = g;
      ctx.fill();

      // Moonlight catching the crest, brighter towards the moon on the right.
      const crest = ctx.createLinearGradient(0, 0, W, 0);
      crest.addColorStop(0, rgba('#e8c27a', 0));
      crest.addColorStop(0.55, rgba('#e8c27a', w.crest * 0.4));
      crest.addColorStop(0.85, rgba('#f3dca6', w.crest));
      crest.addColorStop(1, rgba('#f3dca6', w.crest * 0.6));
      ctx.strokeStyle = crest;
      ctx.lineWidth = 1.6;
      ctx.beginPath();
      for (let x = 0; x <= W; x += 16) {
        const y = waveY(w, x, t);
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  }

  // Keeps the left half (headline area) calm and dark.
  function shade() {
    const g = ctx.createLinearGradient(0, 0, W, 0);
    g.addColorStop(0, 'rgba(6,14,26,0.55)');
    g.addColorStop(0.45, 'rgba(6,14,26,0.2)');
    g.addColorStop(0.7, 'rgba(6,14,26,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);
  }

  function draw(t) {
    sky(t);
    stars(t);
    moon(t);
    waves(t);
    shade();
  }

  window.nightLoop = { init, draw };
})();
