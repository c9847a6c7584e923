// Documents picked at checkout but not uploaded yet. Files cannot live in localStorage, so the cart
// keeps their metadata (keyed by an object URL in `img`) and the files stay here for the session.

/** The files kept for this page: the checkout has one set (below), a test makes its own. */
export function createUploads() {
  const files = new Map<string, File>();

  function keepFile(file: File): string {
    const key = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `file:${files.size}:${file.name}`;
    files.set(key, file);
    return key;
  }

  function fileFor(key: string | null | undefined): File | undefined {
    return key ? files.get(key) : undefined;
  }

  function forgetFile(key: string | null | undefined): void {
    if (!key) return;
    files.delete(key);
    if (key.startsWith('blob:')) URL.revokeObjectURL(key);
  }

  return { keepFile, fileFor, forgetFile };
}

export const { keepFile, fileFor, forgetFile } = createUploads();
