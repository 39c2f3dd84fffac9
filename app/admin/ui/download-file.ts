/** Hands a file the API sent to the browser's downloads, under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns: released once it has had time to.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
