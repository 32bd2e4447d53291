// Records the kiosk's demo splash videos (storefront.md §2 Kiosk; docs/decisions/storefront.md
// "Kiosk") without ffmpeg: headless Chromium draws a few seconds of animation on a canvas and its
// MediaRecorder encodes them as VP8 WebM, a few KB each. Also writes the still image the splash
// shows when no video plays. Run: `node scripts/make-kiosk-videos.mjs`; the files are committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const outDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'public', 'kiosk');
const THEME = '#1d3557';
const ACCENT = '#f4a261';
const clips = [
  { file: 'demo-1.webm', title: 'Parts for every vehicle', seconds: 4 },
  { file: 'demo-2.webm', title: 'Pick up in store', seconds: 4 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
try {
  const page = await browser.newPage();
  for (const clip of clips) {
    const b64 = await page.evaluate(
      async ({ title, seconds, theme, accent }) => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 180;
        const ctx = canvas.getContext('2d');
        const stream = canvas.captureStream(10);
        const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 60_000 });
        const chunks = [];
        rec.ondataavailable = (e) => chunks.push(e.data);
        const done = new Promise((r) => (rec.onstop = r));
        rec.start();
        const start = performance.now();
        await new Promise((resolve) => {
          const frame = () => {
            const t = (performance.now() - start) / 1000;
            ctx.fillStyle = theme;
            ctx.fillRect(0, 0, 320, 180);
            ctx.fillStyle = accent;
            const x = ((t / seconds) * 360) % 360;
            ctx.beginPath();
            ctx.arc(40 + (x / 360) * 240, 60, 18, 0, Math.PI * 2);
            ctx.fill();
            ctx.fillStyle = '#ffffff';
            ctx.font = 'bold 20px sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(title, 160, 130);
            if (t < seconds) requestAnimationFrame(frame);
            else resolve();
          };
          frame();
        });
        rec.stop();
        await done;
        const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
        let s = '';
        for (const b of buf) s += String.fromCharCode(b);
        return btoa(s);
      },
      { title: clip.title, seconds: clip.seconds, theme: THEME, accent: ACCENT },
    );
    fs.writeFileSync(path.join(outDir, clip.file), Buffer.from(b64, 'base64'));
    console.log(`${clip.file}: ${Buffer.from(b64, 'base64').length} bytes`);
  }
} finally {
  await browser.close();
}

// The still image (shown when no video can play): an SVG, so it scales to any kiosk screen.
fs.writeFileSync(
  path.join(outDir, 'splash.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1080 1920" preserveAspectRatio="xMidYMid slice">
  <rect width="1080" height="1920" fill="${THEME}"/>
  <circle cx="540" cy="760" r="150" fill="${ACCENT}"/>
  <text x="540" y="1060" fill="#ffffff" font-family="sans-serif" font-size="84" font-weight="700" text-anchor="middle">Partsdesk</text>
  <text x="540" y="1160" fill="#ffffff" font-family="sans-serif" font-size="44" text-anchor="middle">Parts for every vehicle</text>
</svg>
`,
);
console.log('splash.svg written');
