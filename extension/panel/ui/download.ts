/**
 * Offers text or bytes as a file download from the panel (a Blob URL on a temporary link), and
 * says what it saved. The panel has no `downloads` permission, so it names the file it offered:
 * the browser saves it under that name in its downloads folder (adding a number if the name is
 * taken, or asking where when the user set it to ask).
 */
export function downloadFile(
  fileName: string,
  content: string | Blob,
  type = 'application/json',
): string {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return savedMessage(fileName);
}

/** The status line after a download: which file, and where to look for it. */
export function savedMessage(fileName: string): string {
  return `Saved “${fileName}” to your downloads folder.`;
}
