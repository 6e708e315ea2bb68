import { deflateRawSync } from "node:zlib";

/**
 * A zip archive written as a stream: each file goes out as soon as it is added (deflated, its
 * checksum known, so no data descriptors), and only the central directory's small records are
 * kept until the end. Past 65,535 files the archive ends with the Zip64 records readers expect.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((Math.max(1980, date.getUTCFullYear()) - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: { time: number; date: number };
}

const UTF8_NAMES = 0x0800;

export class ZipWriter {
  private entries: Entry[] = [];
  private offset = 0;

  /** The bytes of one file (its local header and its deflated content). */
  add(name: string, content: string | Uint8Array, modified = new Date()): Buffer {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
    const deflated = deflateRawSync(data);
    const entry: Entry = { name: Buffer.from(name, "utf8"), crc: crc32(data), compressed: deflated.length, size: data.length, offset: this.offset, time: dosTime(modified) };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(entry.time.time, 10);
    header.writeUInt16LE(entry.time.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    const bytes = Buffer.concat([header, entry.name, deflated]);
    this.entries.push(entry);
    this.offset += bytes.length;
    return bytes;
  }

  /** The central directory and the end records. */
  finish(): Buffer {
    const parts: Buffer[] = [];
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(UTF8_NAMES, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(entry.time.time, 12);
      record.writeUInt16LE(entry.time.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      parts.push(record, entry.name);
    }
    const size = parts.reduce((sum, part) => sum + part.length, 0);
    const count = this.entries.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, 0xffff), 8);
    end.writeUInt16LE(Math.min(count, 0xffff), 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    if (count >= 0xffff) {
      const zip64 = Buffer.alloc(56);
      zip64.writeUInt32LE(0x06064b50, 0);
      zip64.writeBigUInt64LE(44n, 4);
      zip64.writeUInt16LE(45, 12);
      zip64.writeUInt16LE(45, 14);
      zip64.writeBigUInt64LE(BigInt(count), 24);
      zip64.writeBigUInt64LE(BigInt(count), 32);
      zip64.writeBigUInt64LE(BigInt(size), 40);
      zip64.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(start + size), 8);
      locator.writeUInt32LE(1, 16);
      parts.push(zip64, locator);
    }
    parts.push(end);
    this.entries = [];
    return Buffer.concat(parts);
  }
}
