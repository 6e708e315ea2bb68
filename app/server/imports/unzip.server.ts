import { Unzip, UnzipInflate } from "fflate";

/**
 * Reads a ZIP archive as it arrives (fflate's streaming reader, which also takes archives written
 * with data descriptors, as exporters that stream do) and yields the whole text of each entry the
 * caller selects. Other entries are skipped without being inflated. Limits on the archive's size
 * and on each selected entry's inflated size keep a zip bomb from filling memory.
 */

export interface ZipText {
  name: string;
  text: string;
}

export class ZipReadError extends Error {
  override name = "ZipReadError";
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, i) => head[i] === byte);
}

export async function* readZipTexts(
  source: AsyncIterable<Uint8Array>,
  { select, maxBytes, maxEntryBytes }: { select: (name: string) => boolean; maxBytes: number; maxEntryBytes: number },
): AsyncGenerator<ZipText> {
  const done: ZipText[] = [];
  let failure: Error | null = null;
  // Selected entries begun but not yet whole: an archive that ends with one is cut short.
  let open = 0;
  const unzip = new Unzip((file) => {
    if (!select(file.name)) return;
    if (file.compression !== 0 && file.compression !== 8) {
      failure ??= new ZipReadError(`${file.name} is compressed with a method other than deflate`);
      return;
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    open++;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipReadError(`${file.name} is damaged (${error.message})`);
        return;
      }
      size += data.byteLength;
      if (size > maxEntryBytes) {
        failure = new ZipReadError(`${file.name} is larger than ${Math.round(maxEntryBytes / 1024 / 1024)} MB unpacked`);
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) {
        open--;
        try {
          done.push({ name: file.name, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts)) });
        } catch {
          failure = new ZipReadError(`${file.name} is not UTF-8 text`);
        }
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  let bytes = 0;
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      failure ??= new ZipReadError(`the archive is damaged (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new ZipReadError(`the archive is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    push(chunk, false);
    if (failure) throw failure;
    while (done.length > 0) yield done.shift()!;
  }
  push(new Uint8Array(0), true);
  if (failure) throw failure;
  if (open > 0) throw new ZipReadError("the archive ends in the middle of a file (was the download cut short?)");
  while (done.length > 0) yield done.shift()!;
}
