// The page's two uses of the browser that .NET has no API for: offering verified bytes as a file,
// and remembering an unfinished upload across reloads.
window.blobPage = {
  /** Offers bytes (already verified by the page) as a download named name. */
  save(name, bytes) {
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  load: (key) => localStorage.getItem(key),
  store: (key, value) => localStorage.setItem(key, value),
  forget: (key) => localStorage.removeItem(key),
};
