import type { Challenge, Solution } from "altcha-lib";
import type { CaptchaSettings } from "../../../common/leads/captcha-settings.ts";

/** The action name the server checks on reCAPTCHA v3 and Turnstile tokens. */
const ACTION = "contact";

/** An ALTCHA answer made this long before its challenge expires is made again: the send may take a while. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The invisible captcha's answers for one form. `prepare()` is called when the visitor starts on the
 * form, so that by the time they press Send the work is done: ALTCHA's proof of work is solved in a
 * Web Worker on a fresh challenge from our server; reCAPTCHA v3 and Turnstile load their provider's
 * script (their tokens live a minute or two, so those are asked for at the send). `take()` gives the
 * answer for one send; each answer is accepted once, so the next send gets a new one.
 */
export interface CaptchaAnswers {
  prepare(): void;
  take(): Promise<string>;
}

export function captchaAnswers(settings: CaptchaSettings): CaptchaAnswers {
  const siteKey = settings.siteKey ?? "";
  if (settings.provider === "recaptcha")
    return tokenAnswers(
      () => recaptchaScript(siteKey),
      () => recaptchaToken(siteKey),
    );
  if (settings.provider === "turnstile") return tokenAnswers(turnstileScript, () => turnstileToken(siteKey));
  return altchaAnswers();
}

function tokenAnswers(loadScript: () => Promise<void>, token: () => Promise<string>): CaptchaAnswers {
  return {
    // A script that fails to load now is tried again by the send.
    prepare: () => void loadScript().catch(() => undefined),
    take: token,
  };
}

interface Solving {
  answer: Promise<string>;
  /** When its challenge stops being accepted (ms since the epoch); Infinity until the challenge is in. */
  expiry: { at: number };
}

function altchaAnswers(): CaptchaAnswers {
  let pending: Solving | undefined;
  const fresh = (solving: Solving | undefined): solving is Solving =>
    !!solving && solving.expiry.at - EXPIRY_MARGIN_MS > Date.now();
  const start = (): Solving => {
    const solving = solveAltcha();
    // A failure is not kept: the send starts over rather than failing again at once.
    solving.answer.catch(() => {
      if (pending === solving) pending = undefined;
    });
    return solving;
  };
  return {
    prepare() {
      if (!fresh(pending)) pending = start();
    },
    take() {
      const taken = fresh(pending) ? pending : start();
      pending = undefined;
      return taken.answer;
    },
  };
}

/** A fresh challenge from our server, solved in a worker: the base64 JSON the server verifies. */
function solveAltcha(): Solving {
  const expiry = { at: Infinity };
  const answer = (async () => {
    const response = await fetch("/api/contact/challenge", { cache: "no-store" });
    if (!response.ok) throw new Error(`challenge: ${response.status}`);
    const challenge = (await response.json()) as Challenge;
    if (challenge.parameters.expiresAt) expiry.at = challenge.parameters.expiresAt * 1000;
    const solution = await solveInWorker(challenge);
    return btoa(JSON.stringify({ challenge, solution }));
  })();
  return { answer, expiry };
}

function solveInWorker(challenge: Challenge): Promise<Solution> {
  const worker = new Worker(new URL("./altcha.worker.ts", import.meta.url), { type: "module" });
  return new Promise<Solution>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Solution | null>) => {
      if (event.data) resolve(event.data);
      else reject(new Error("the challenge was not solved"));
    };
    worker.onerror = () => reject(new Error("the captcha worker failed"));
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
}

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}

function recaptchaScript(siteKey: string): Promise<void> {
  return loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
}

async function recaptchaToken(siteKey: string): Promise<string> {
  await recaptchaScript(siteKey);
  const grecaptcha = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action: ACTION });
}

function turnstileScript(): Promise<void> {
  return loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
}

async function turnstileToken(siteKey: string): Promise<string> {
  await turnstileScript();
  const turnstile = (window as unknown as { turnstile: Turnstile }).turnstile;
  const container = document.createElement("div");
  document.body.append(container);
  let widget = "";
  try {
    return await new Promise<string>((resolve, reject) => {
      widget = turnstile.render(container, {
        sitekey: siteKey,
        action: ACTION,
        appearance: "interaction-only",
        callback: resolve,
        "error-callback": () => reject(new Error("turnstile failed")),
      });
    });
  } finally {
    if (widget) turnstile.remove(widget);
    container.remove();
  }
}
