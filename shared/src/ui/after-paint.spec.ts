import { afterNextPaint } from './after-paint.js';

describe('afterNextPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    jest.useFakeTimers();
    // The browser's frame callbacks, run by hand (this suite runs in Node).
    globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => frames.push(cb);
    globalThis.cancelAnimationFrame = (id: number) => void frames.splice(id - 1, 1);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs the callback in the task after the next frame, not before', () => {
    const callback = jest.fn();
    afterNextPaint(callback);
    jest.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    frames.shift()!(0);
    expect(callback).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const early = jest.fn();
    afterNextPaint(early)();
    frames.forEach((f) => f(0));
    jest.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    const late = jest.fn();
    const cancel = afterNextPaint(late);
    frames.shift()!(0);
    cancel();
    jest.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });
});
