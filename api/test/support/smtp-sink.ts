import { createServer, type Server, type Socket } from 'node:net';

export interface SinkMessage {
  from: string;
  to: string[];
  /** The message as sent after DATA (headers and body). */
  data: string;
}

export interface SmtpSink {
  port: number;
  messages: SinkMessage[];
  close(): Promise<void>;
}

/** A port that nothing listens on, for a mail server that is down: connecting to it is refused. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function converse(socket: Socket, messages: SinkMessage[]) {
  let buffer = '';
  let inData = false;
  let current: SinkMessage = { from: '', to: [], data: '' };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 sink.local ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
        buffer = buffer.slice(end + 5);
        inData = false;
        messages.push(current);
        current = { from: '', to: [], data: '' };
        reply('250 2.0.0 queued');
        continue;
      }
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.local');
      else if (verb === 'MAIL') {
        current.from = line.slice(10).trim();
        reply('250 2.1.0 ok');
      } else if (verb === 'RCPT') {
        current.to.push(line.slice(8).trim());
        reply('250 2.1.5 ok');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 go ahead');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
        return;
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
      else reply('502 5.5.2 not implemented');
    }
  });
  socket.on('error', () => undefined);
}

/**
 * A mail server on 127.0.0.1 that accepts every message and keeps it (SMTP without TLS or authentication): enough
 * for nodemailer, and for counting what arrived.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, messages);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
