/**
 * A write whose upload progress is shown (a product with six 5 MB pictures is ~40 MB of base64 JSON,
 * a spreadsheet to import is sent as the file itself): fetch() reports no upload progress,
 * XMLHttpRequest does. Status 0 means the server was not reached or the connection dropped, as with
 * fetch.
 */

export interface UploadReply {
  status: number;
  /** The parsed JSON reply, or undefined when there is none or it is not JSON. */
  body: unknown;
  /** The reply's text as it came. */
  text: string;
}

export interface UploadOptions {
  method: "POST" | "PUT";
  url: string;
  /** JSON text, or a file sent as it is. */
  body: string | Blob;
  contentType: string;
  headers: Record<string, string>;
  /** 0 to 1, as the request body goes out. */
  onProgress: (fraction: number) => void;
  /** The reply's text so far, each time more of it arrives (a reply streamed line by line). */
  onReplyText?: (text: string) => void;
}

export function sendWithProgress({
  method,
  url,
  body,
  contentType,
  headers,
  onProgress,
  onReplyText,
}: UploadOptions): Promise<UploadReply> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader("Content-Type", contentType);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    if (onReplyText) request.onprogress = () => onReplyText(request.responseText);
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      resolve({ status: request.status, body: parsed, text: request.responseText });
    };
    // A dropped connection, an aborted request or an unreachable server: no reply at all.
    request.onerror = () => resolve({ status: 0, body: undefined, text: "" });
    request.onabort = () => resolve({ status: 0, body: undefined, text: "" });
    request.ontimeout = () => resolve({ status: 0, body: undefined, text: "" });
    request.send(body);
  });
}
