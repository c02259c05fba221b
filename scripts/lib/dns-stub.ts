import { createSocket, type Socket } from 'node:dgram';

/**
 * For tests of the gateway with several API replicas: nginx finds them by name, as Docker's DNS
 * answers a service name with one address per replica.
 */

/** A DNS server answering A queries for `names` (others: NXDOMAIN), enough for nginx's resolver. */
export function dnsServer(names: Record<string, string[]>): Socket {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    // The question starts at byte 12: length-prefixed labels up to a zero byte, then type and class.
    const labels: string[] = [];
    let i = 12;
    while (query[i]! > 0) {
      labels.push(query.subarray(i + 1, i + 1 + query[i]!).toString());
      i += query[i]! + 1;
    }
    const questionEnd = i + 5;
    const type = query.readUInt16BE(i + 1);
    const addresses = type === 1 ? (names[labels.join('.').toLowerCase()] ?? []) : [];
    const known = labels.join('.').toLowerCase() in names;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // a response, recursion available; NXDOMAIN
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const answers = addresses.map((a) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(1, 2); // A
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(1, 6); // TTL 1 s
      rr.writeUInt16BE(4, 10);
      a.split('.').forEach((octet, k) => rr.writeUInt8(Number(octet), 12 + k));
      return rr;
    });
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  return socket;
}
