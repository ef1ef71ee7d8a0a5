const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's bytes as text, without hiding what is not UTF-8 (ill-formed text is refused with its
 * JSON path, docs/cli-and-data.md). Node's usual decoding turns each bad byte into U+FFFD, so a
 * lone surrogate written as bytes (ED A0 80) would become three characters, stored and counted
 * against the length limits. Here each byte of an ill-formed sequence becomes a lone surrogate
 * instead, which the file's validation then refuses where it stands.
 */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strict.decode(bytes);
  } catch {
    return escapeIllFormed(bytes);
  }
}

/** Length of the well-formed UTF-8 sequence at `i` (RFC 3629, table 3-7), or 0. */
function sequenceAt(bytes: Buffer, i: number): number {
  const b0 = bytes[i] ?? 0;
  const cont = (k: number, low = 0x80, high = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= low && b <= high;
  };
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  // ED A0..BF would be a surrogate: ill-formed.
  if (b0 === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b0 >= 0xe1 && b0 <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b0 === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xf1 && b0 <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b0 === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

function escapeIllFormed(bytes: Buffer): string {
  let text = '';
  let run = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    text += bytes.toString('utf8', run, i) + String.fromCharCode(0xdc00 + (bytes[i] ?? 0));
    i += 1;
    run = i;
  }
  return text + bytes.toString('utf8', run, bytes.length);
}
