/*
 * Loaded into the real server with `node --import` by the process-failure tests, never by the
 * service itself: on SIGUSR2 it makes the failure HOUSECUP_TEST_FAULT names happen in the
 * server's process, outside every handler of the service's, as a programming error would.
 */
process.on('SIGUSR2', () => {
  if (process.env.HOUSECUP_TEST_FAULT === 'rejection') {
    void Promise.reject(new Error('test fault: a promise nobody awaited'));
    return;
  }
  setImmediate(() => {
    throw new Error('test fault: thrown outside every handler');
  });
});
