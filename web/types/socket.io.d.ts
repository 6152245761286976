// The socket.io client the server serves at /boards/vendor/socket.io.esm.min.js, typed by the
// socket.io-client package of the same release (the server's socket.io ships the built file, not its types).
export * from 'socket.io-client';
