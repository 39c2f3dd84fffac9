/** A verified captcha answer: the key under which it is spent (once), and until when it must stay spent. */
export interface CaptchaProof {
  key: string;
  expiresAt: Date;
}
