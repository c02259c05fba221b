import { afterNextPaint } from './after-paint.js';

describe('afterNextPaint', () => {
  // The browser's frame callbacks, run by hand (this suite runs in Node).
  let frames: Map<number, FrameRequestCallback>;
  let lastId = 0;
  const runFrame = () => {
    const [id, callback] = [...frames][0]!;
    frames.delete(id);
    callback(0);
  };
  beforeEach(() => {
    frames = new Map();
    jest.useFakeTimers();
    globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => {
      frames.set(++lastId, callback);
      return lastId;
    };
    globalThis.cancelAnimationFrame = (id: number) => void frames.delete(id);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs the callback in the task after the second frame, not before', () => {
    const callback = jest.fn();
    afterNextPaint(callback);
    jest.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    runFrame();
    jest.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    runFrame();
    expect(callback).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it.each([0, 1, 2])('runs nothing once cancelled after %i frames', (drawn) => {
    const callback = jest.fn();
    const cancel = afterNextPaint(callback);
    for (let i = 0; i < drawn; i++) runFrame();
    cancel();
    while (frames.size > 0) runFrame();
    jest.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
  });
});
