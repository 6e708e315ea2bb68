import { Unzip, UnzipInflate } from "fflate";

/**
 * Reads a ZIP archive as it arrives (fflate's streaming reader, which also takes archives written
 * with data descriptors, as exporters that stream do) and yields the entries the caller selects
 * as they unpack, a piece at a time: an entry is never whole in memory. Other entries are skipped
 * without being inflated. Limits on the archive's size, its number of entries and what the
 * selected entries unpack to, together, keep a zip bomb from filling memory or the processor.
 */

export interface ZipPiece {
  /** The entry's place in the archive (names may repeat). */
  index: number;
  name: string;
  data: Uint8Array;
  /** The entry's last piece. */
  final: boolean;
}

export interface ZipLimits {
  select: (name: string) => boolean;
  /** The archive's own size. */
  maxBytes: number;
  /** Entries in the archive, selected or not. */
  maxFiles: number;
  /** What the selected entries unpack to, together. */
  maxUnpackedBytes: number;
}

export class ZipReadError extends Error {
  override name = "ZipReadError";
  constructor(
    message: string,
    /** An archive over a limit, not a damaged one. */
    readonly limit = false,
  ) {
    super(message);
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, i) => head[i] === byte);
}

/** Compressed bytes handed to the inflater at once (deflate unpacks to at most about 1,000 times its size). */
const PUSH_BYTES = 16 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function* readZipPieces(source: AsyncIterable<Uint8Array>, { select, maxBytes, maxFiles, maxUnpackedBytes }: ZipLimits): AsyncGenerator<ZipPiece> {
  const ready: ZipPiece[] = [];
  let failure: ZipReadError | null = null;
  // Selected entries begun but not yet whole: an archive that ends with one is cut short.
  let open = 0;
  let files = 0;
  let unpacked = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++files > maxFiles) {
      failure = new ZipReadError(`the archive holds more than ${maxFiles.toLocaleString("en")} files`, true);
      return;
    }
    if (!select(file.name)) return;
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new ZipReadError(`${file.name} is compressed with a method other than deflate`);
      return;
    }
    const index = files;
    open++;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipReadError(`${file.name} is damaged (${error.message})`);
        return;
      }
      unpacked += data.byteLength;
      if (unpacked > maxUnpackedBytes) {
        failure = new ZipReadError(`the archive's metadata files unpack to more than ${mb(maxUnpackedBytes)} (${mb(maxUnpackedBytes)} at most)`, true);
        file.terminate();
        return;
      }
      if (final) open--;
      ready.push({ index, name: file.name, data, final });
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  // fflate keeps a list of chunks for every entry it has seen (`k`), adding each new one at the
  // front, though it only ever uses the first two: an archive of 100,000 small files took 15 s to
  // read and held every skipped entry's bytes. Only the two it uses are kept.
  const lists = unzip as unknown as { k?: unknown[] };
  let bytes = 0;
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
      if (lists.k && lists.k.length > 2) lists.k.length = 2;
    } catch (error) {
      failure ??= new ZipReadError(`the archive is damaged (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new ZipReadError(`the archive is larger than ${mb(maxBytes)}`, true);
    // A slice at a time: 16 KB of deflate unpacks to 16 MB at most, handed on before the next.
    for (let at = 0; at < chunk.byteLength; at += PUSH_BYTES) {
      push(chunk.subarray(at, at + PUSH_BYTES), false);
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    }
  }
  push(new Uint8Array(0), true);
  if (failure) throw failure;
  if (open > 0) throw new ZipReadError("the archive ends in the middle of a file (was the download cut short?)");
  while (ready.length > 0) yield ready.shift()!;
}
