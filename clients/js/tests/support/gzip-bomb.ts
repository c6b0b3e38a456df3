/**
 * A gzip body that decodes to a great many spaces (about 160 bytes for each byte sent), written by hand with
 * deflate's fixed codes and never ended, as a hostile server would send it; the same bytes as the Swift tests'.
 */
export function gzipBomb(size: number): Uint8Array {
  const head = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x52, 0x18];
  const period = [0x05, 0xa3, 0x60, 0x14, 0x8c, 0x82, 0x51, 0x30, 0x0a, 0x46, 0xc1, 0x28, 0x18];
  const bytes = new Uint8Array(head.length + Math.ceil(Math.max(0, size - head.length) / 13) * 13);
  bytes.set(head);
  for (let offset = head.length; offset < bytes.length; offset += 13) bytes.set(period, offset);
  return bytes;
}
