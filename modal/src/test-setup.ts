// The api's answer checks and the logger are lazy chunks (dynamic imports). Load them once before each test file
// so that a test driving the fake clock sees an answer checked within one flush(), as a warm browser would.
await Promise.all([import('./api/answers.js'), import('./core/logger.js')]);
export {};
