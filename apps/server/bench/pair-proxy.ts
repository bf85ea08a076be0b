// The address in front of the bench's two portal instances (pair.ts), as a load balancer in
// front of two servers: each request goes to the next instance in turn, over kept-alive
// connections, its body and answer streamed. Run as `node pair-proxy.ts <port> [<port>...]`;
// prints `listening on <port>`.
import http from 'node:http';

const upstreams = process.argv.slice(2).map(Number);
if (upstreams.length === 0 || !upstreams.every((port) => Number.isInteger(port) && port > 0)) {
  throw new Error('usage: node pair-proxy.ts <port> [<port>...]');
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
let turn = 0;

const server = http.createServer((request, response) => {
  const port = upstreams[turn % upstreams.length];
  turn += 1;
  const forwarded = http.request(
    {
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
