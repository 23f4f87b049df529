/**
 * Saves `blob` as a file the browser downloads, named `name`: an object URL behind a temporary
 * `<a download>` in the document (some browsers ignore clicks on detached links). The URL is
 * revoked a minute later, not at once: a browser may read it after click() returns.
 */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves `text` (UTF-8, of the given media type) as a file named `name`. */
export function saveText(name: string, text: string, type = 'text/plain'): void {
  saveBlob(name, new Blob([text], { type: `${type};charset=utf-8` }));
}
