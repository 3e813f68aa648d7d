// Shared by bench:pages and bench:lantern: Debian's Chromium for Lighthouse, a demo session put where the app keeps
// it, and Lighthouse's LCP estimate (its Lantern simulation) of a recorded load, with what it is made of.
import * as chromeLauncher from 'chrome-launcher';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import puppeteer from 'puppeteer-core';

/** Headless Chromium as Lighthouse is run here: no sandbox (root in a container), no background work. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
];

/** A fresh Chromium profile; with `store`, a logged-in one (the app's localStorage entry for `base`). */
export async function launchForLighthouse(base, store) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  if (store) {
    // Lighthouse clears the cache and other storage before it loads the page, but not localStorage.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${base}/remotes.json`);
    await tab.evaluate((value) => localStorage.setItem('store', value), store);
    await tab.close();
    await browser.disconnect();
  }
  return chrome;
}

/** What the estimate needs of a Lighthouse run: its trace, its network log and its settings. */
export const recordedLoad = ({ artifacts, lhr }) => ({
  Trace: artifacts.Trace,
  DevtoolsLog: artifacts.DevtoolsLog,
  GatherContext: artifacts.GatherContext,
  URL: artifacts.URL,
  settings: lhr.configSettings,
});

/**
 * Lighthouse's LCP estimate of a recorded load, with the preset's CPU slowdown or another. With the slowdown near
 * zero it is what the bytes and the round trips before the largest paint cost alone.
 */
export function lanternLcp(load, cpuSlowdownMultiplier = load.settings.throttling.cpuSlowdownMultiplier) {
  const settings = { ...load.settings, throttling: { ...load.settings.throttling, cpuSlowdownMultiplier } };
  const data = {
    trace: load.Trace,
    devtoolsLog: load.DevtoolsLog,
    gatherContext: load.GatherContext,
    settings,
    simulator: null,
    URL: load.URL,
    SourceMaps: [],
  };
  return LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
}

/**
 * What Lantern's LCP estimate is made of, in simulated time: each request before the largest paint (its size as
 * served and priority), and each task it counts (a script's evaluation, a layout), with its unthrottled length.
 * The last lines set the figure.
 */
export function describeLcpPath(estimate) {
  const timings = [...estimate.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  return timings.map(([node, time]) => {
    const span = `${Math.round(time.startTime)}-${Math.round(time.endTime)} ms`.padStart(14);
    if (node.type === 'network') {
      const { request } = node;
      const size = `${(request.transferSize / 1024).toFixed(1)} KiB`.padStart(9);
      return `${span}  ${size}  ${request.priority.padEnd(8)} ${request.resourceType} ${new URL(request.url).pathname}`;
    }
    const scripts = [...node.getEvaluateScriptURLs()].map((url) => new URL(url).pathname).join(' ');
    return `${span}  task of ${Math.round(node.duration / 1000)} ms ${scripts ? `evaluating ${scripts}` : '(layout)'}`;
  });
}
