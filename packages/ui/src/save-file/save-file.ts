/** Hands a downloaded file to the browser to save under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
