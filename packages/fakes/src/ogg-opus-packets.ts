import { readFileSync } from 'node:fs';

const CAPTURE = Buffer.from('OggS');
const HEADER_BYTES = 27;

/**
 * The Opus packets of an Ogg/Opus file, in order, without the OpusHead and OpusTags headers. A packet
 * may span segments (lacing values of 255 continue it) and pages; werift has no Opus encoder, so the
 * fakes send these pre-encoded packets as RTP payloads.
 */
export function readOggOpusPackets(file: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  let partial: Buffer[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= file.length) {
    if (!file.subarray(offset, offset + 4).equals(CAPTURE)) throw new Error(`No Ogg page at byte ${offset}`);
    const segmentCount = file.readUInt8(offset + 26);
    const lacing = file.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + segmentCount);
    let data = offset + HEADER_BYTES + segmentCount;
    for (const size of lacing) {
      partial.push(file.subarray(data, data + size));
      data += size;
      if (size < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    offset = data;
  }
  return packets.filter((packet) => !isOpusHeader(packet));
}

function isOpusHeader(packet: Buffer): boolean {
  const magic = packet.subarray(0, 8).toString('latin1');
  return magic === 'OpusHead' || magic === 'OpusTags';
}

/** A committed fixture under packages/fakes/fixtures/, as Opus packets of 20 ms each. */
export function opusFixture(name: string): Buffer[] {
  return readOggOpusPackets(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
}
