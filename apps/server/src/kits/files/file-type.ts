// What a file really is, told by its first bytes, never by its name or the type its sender
// claims (docs/security.md, "Uploads").

export const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type TFileType = (typeof FILE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The type the bytes really are (PDF, JPEG, PNG, WebP or GIF), or null for anything else. */
export function fileTypeOf(bytes: Uint8Array): TFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39))
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** The image type the bytes really are, or null (a PDF is not a photo). */
export function photoTypeOf(bytes: Uint8Array): Exclude<TFileType, 'application/pdf'> | null {
  const type = fileTypeOf(bytes);
  return type === 'application/pdf' ? null : type;
}
