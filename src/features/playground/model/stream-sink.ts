import type { TraceItem } from './exchange';

export interface StreamSnapshot {
  text: string;
  trace: readonly TraceItem[];
}

type FrameScheduler = (callback: () => void) => () => void;

/** One callback per animation frame; a timer where there are no frames (tests, workers). */
const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(callback, 16);
  return () => clearTimeout(handle);
};

/**
 * Where a stream's deltas land. Deltas are appended as they arrive, but listeners hear about them at
 * most once per animation frame: a stream of thousands of small deltas costs one render per frame,
 * and only the streaming message re-renders, never the transcript around it.
 */
export class StreamSink {
  private snapshot: StreamSnapshot = { text: '', trace: [] };
  private listeners = new Set<() => void>();
  private cancelFrame: (() => void) | null = null;

  constructor(private readonly schedule: FrameScheduler = nextFrame) {}

  append(delta: string): void {
    if (!delta) return;
    this.snapshot = { ...this.snapshot, text: this.snapshot.text + delta };
    this.notifySoon();
  }

  addTrace(item: TraceItem): void {
    this.snapshot = { ...this.snapshot, trace: [...this.snapshot.trace, item] };
    this.notifySoon();
  }

  get text(): string {
    return this.snapshot.text;
  }

  getSnapshot = (): StreamSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops pending notifications (the stream is over and the finished message takes over). */
  close(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
  }

  private notifySoon(): void {
    if (this.cancelFrame) return;
    this.cancelFrame = this.schedule(() => {
      this.cancelFrame = null;
      for (const listener of this.listeners) listener();
    });
  }
}
