import { expect, test, type Page } from '@playwright/test';
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPatient } from '../support/accounts';
import type { EmulatorUser } from '../support/auth';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { BASE_URL, PORT_OFFSET, REPO_ROOT } from '../support/stack';
import {
  findNginx,
  NGINX_TEMPLATES,
  renderSite,
  startNginx,
  type RunningNginx,
} from '../../scripts/lib/nginx';
import { parseRuntimeConfig } from '../../shared/src/runtime-config-env';
import { REMOTES } from '../../scripts/lib/stack';

/**
 * The smoke through the real nginx with the repository's own configs (docker/nginx,
 * rendered as the images render them): static.conf serves the production builds, gateway.conf is the
 * one origin in front of them and of the running e2e stack's API. A second gateway whose booking remote
 * points at a dead port shows the failure page. Any CSP violation fails the smoke.
 */
const NGINX = findNginx();
const FIRST_PORT = Number(process.env.E2E_NGINX_PORT ?? 8100 + PORT_OFFSET);
const GATEWAY = FIRST_PORT;
const BROKEN_GATEWAY = FIRST_PORT + 1;
const SHELL = FIRST_PORT + 2;
const remotePort = (i: number) => FIRST_PORT + 3 + i;
const DEAD = FIRST_PORT + 9;
const API_PORT = 3000 + PORT_OFFSET;

const local = (port: number) => `127.0.0.1:${port}`;
let tmp = '';
const running: RunningNginx[] = [];

test.describe('through nginx', () => {
  test.skip(
    !NGINX && process.env.CI !== 'true',
    'no nginx binary here (apt-get install nginx, or set NGINX_BIN); CI installs it',
  );

  test.beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is missing: CI must install it (.ci/run installs Debian’s nginx).');
    // What the shell image's entrypoint writes from its environment: here, the stack's own config.
    const config = parseRuntimeConfig(await (await fetch(`${BASE_URL}/runtime-config.json`)).json());
    tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-e2e-nginx-'));
    // nginx started as root serves files as `nobody`.
    chmodSync(tmp, 0o755);
    const shellRoot = path.join(tmp, 'shell-html');
    cpSync(path.join(REPO_ROOT, 'shell', 'dist'), shellRoot, { recursive: true });
    writeFileSync(path.join(shellRoot, 'runtime-config.json'), JSON.stringify(config));

    const prefix = path.join(tmp, 'web');
    const conf = path.join(prefix, 'conf.d');
    renderSite(
      conf,
      NGINX_TEMPLATES.static,
      { WEB_PORT: String(SHELL), WEB_ROOT: shellRoot },
      config,
      'shell',
    );
    const upstreams: Record<string, string> = {};
    Object.entries(REMOTES).forEach(([name, r], i) => {
      const root = path.join(REPO_ROOT, r.pkg, 'dist');
      renderSite(
        conf,
        NGINX_TEMPLATES.static,
        { WEB_PORT: String(remotePort(i)), WEB_ROOT: root },
        config,
        name,
      );
      upstreams[`${name.toUpperCase()}_UPSTREAM`] = local(remotePort(i));
    });
    const gatewayEnv = {
      NGINX_RESOLVER: '127.0.0.1',
      API_UPSTREAM: local(API_PORT),
      SHELL_UPSTREAM: local(SHELL),
      ...upstreams,
    };
    renderSite(
      conf,
      NGINX_TEMPLATES.gateway,
      { ...gatewayEnv, NGINX_PORT: String(GATEWAY) },
      config,
      'gateway',
    );
    running.push(await startNginx(NGINX, prefix, `http://${local(GATEWAY)}/healthz`));

    // The same gateway config with the booking remote's server gone.
    const brokenPrefix = path.join(tmp, 'broken');
    renderSite(
      path.join(brokenPrefix, 'conf.d'),
      NGINX_TEMPLATES.gateway,
      { ...gatewayEnv, NGINX_PORT: String(BROKEN_GATEWAY), BOOKING_UPSTREAM: local(DEAD) },
      config,
      'gateway',
    );
    running.push(await startNginx(NGINX, brokenPrefix, `http://${local(BROKEN_GATEWAY)}/healthz`));
  });

  test.afterAll(async () => {
    await Promise.all(running.map((n) => n.stop()));
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** Console errors that are CSP refusals (Chromium logs "Refused to … Content Security Policy"). */
  function cspErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
        errors.push(msg.text());
      }
    });
    return errors;
  }

  /** Signs in on the login screen served through `origin`; a patient with a record lands on /dashboard. */
  async function signInAt(page: Page, origin: string, user: EmulatorUser) {
    await page.goto(`${origin}/patient-login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  test('landing → login → dashboard → booking, with the CSP on and no violation', async ({
    page,
    request,
  }) => {
    const errors = cspErrors(page);
    const user = await newPatient(request, true);
    const origin = `http://${local(GATEWAY)}`;

    const landing = await page.goto(`${origin}/`);
    expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByTestId('landing-page')).toBeVisible();

    await signInAt(page, origin, user);

    await page.goto(`${origin}/book-appointment`);
    const doctor = page.getByRole('button', { name: /Dr\. Michael Chen/ });
    await doctor.click();
    await expect(doctor).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('button', { name: /, \d+ slots?$/ })
      .last()
      .click();
    const slot = page.getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ }).last();
    await slot.click();
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
    const booked = page.waitForResponse(
      (res) => res.url().endsWith('/api/appointments') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm Appointment' }).click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    // The edge named the request.
    expect(answer.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(errors).toEqual([]);
  });

  test('a remote whose server is gone shows "Loading chunk failed"; the rest still works', async ({
    page,
    request,
  }) => {
    const errors = cspErrors(page);
    const user = await newPatient(request, true);
    const origin = `http://${local(BROKEN_GATEWAY)}`;
    // /book-appointment needs sign-in.
    await signInAt(page, origin, user);
    await page.goto(`${origin}/book-appointment`);
    await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
    await shotAtWidths(page, 'nginx-chunk-failed');
    await expectAccessible(page, { include: null });
    await page.goto(`${origin}/`);
    await expect(page.getByTestId('landing-page')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
