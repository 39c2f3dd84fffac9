import type { Challenge, Solution } from "altcha-lib";

/** The captcha the server asks for (server/captcha/captcha.ts CaptchaSettings). */
export interface CaptchaSettings {
  provider: "altcha" | "recaptcha" | "turnstile";
  siteKey?: string;
}

/** The action name the server checks on reCAPTCHA v3 and Turnstile tokens. */
const ACTION = "contact";

/**
 * The invisible captcha's answer, made when the visitor sends the form (nothing loads before): ALTCHA
 * is a fresh challenge from our server solved in a Web Worker; reCAPTCHA v3 and Turnstile load their
 * provider's script on first use. Rejects when no answer can be made.
 */
export async function captchaAnswer(settings: CaptchaSettings): Promise<string> {
  if (settings.provider === "recaptcha") return recaptchaToken(settings.siteKey ?? "");
  if (settings.provider === "turnstile") return turnstileToken(settings.siteKey ?? "");
  const response = await fetch("/api/contact/challenge", { cache: "no-store" });
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveInWorker(challenge);
  return btoa(JSON.stringify({ challenge, solution }));
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

async function recaptchaToken(siteKey: string): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action: ACTION });
}

async function turnstileToken(siteKey: string): Promise<string> {
  await loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
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
