// The api's answer checks and the logger are lazy chunks (dynamic imports). Load them once before each test file
// so that a test driving the fake clock sees an answer checked within one flush(), as a warm browser would.
// The balance read and the address checksum are lazy chunks too, which a connect starts: loaded here, a file that
// ends right after its connect leaves no import in flight (one finishing after vitest tore the file's environment
// down failed the run, with every test passed, on a loaded machine).
await Promise.all([import('./api/answers.js'), import('./core/logger.js'), import('./controllers/account-balance.js'), import('./core/address.js')]);
export {};
