import { useEffect, useRef, useState } from 'react';
import type { LivenessAction, LivenessFrames } from '@kaskita/domain/verification/liveness';
import { useT } from '../../../lib/i18n.ts';
import { applicationTexts } from '../application-texts.ts';
import {
  advance,
  LIVE_CHECK_START,
  type LiveCheckState,
  type LiveFrameName,
  type LiveHint,
} from './live-check-steps.ts';

/** Why the camera step gave up: no camera, no engine on this phone, or the frames never came. */
export type CannotCheck = 'camera' | 'engine' | 'timeout';

/** Frames are read and sent at most this size (long side): what the server's thresholds were measured at. */
const FRAME_SIDE = 640;
/** A reading every this many ms at most: a cheap phone's engine takes longer, and the loop simply waits for it. */
const READ_EVERY_MS = 120;
/** From the engine being ready to the last frame: long enough to follow the instructions slowly. */
const CHECK_SECONDS = 20;
/**
 * ...and never before this many readings: on a phone whose engine takes a second a frame, 20 s would be 20 chances to
 * catch the turn, too few to be fair to the borrower (and a software-rendered browser, as in our tests, is slower still).
 */
const MIN_READINGS = 40;

interface LiveCameraProps {
  action: LivenessAction;
  onFrames(frames: LivenessFrames<Blob>): void;
  onCannot(reason: CannotCheck): void;
}

/**
 * The front camera and the instructions of a live check: it waits for the borrower looking straight, then doing
 * `action`, then looking straight again, keeps those three frames and hands them over. The camera is stopped when it
 * is done or left.
 */
export function LiveCamera({ action, onFrames, onCannot }: LiveCameraProps) {
  const t = useT(applicationTexts);
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<'camera' | 'engine' | LiveCheckState['waitingFor']>('camera');
  const [hint, setHint] = useState<LiveHint>(null);
  // The callbacks of the latest render, read by the loop without restarting it.
  const handlers = useRef({ onFrames, onCannot });
  useEffect(() => {
    handlers.current = { onFrames, onCannot };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    const stop = () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    const cannot = (reason: CannotCheck) => {
      if (stopped) return;
      stop();
      handlers.current.onCannot(reason);
    };

    const run = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: FRAME_SIDE }, height: { ideal: FRAME_SIDE } },
          audio: false,
        });
      } catch {
        return cannot('camera');
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setPhase('engine');
      let engine;
      try {
        engine = await (await import('./live-check-engine.ts')).liveCheckEngine();
      } catch {
        return cannot('engine');
      }
      if (stopped) return;

      const canvas = document.createElement('canvas');
      const frames: Partial<Record<LiveFrameName, Blob>> = {};
      let state: LiveCheckState = LIVE_CHECK_START;
      setPhase(state.waitingFor);
      const deadline = Date.now() + CHECK_SECONDS * 1000;
      let readings = 0;
      try {
        while (!stopped && state.waitingFor !== null) {
          if (Date.now() > deadline && readings >= MIN_READINGS) return cannot('timeout');
          const started = Date.now();
          if (element.videoWidth > 0 && drawFrame(element, canvas)) {
            readings++;
            const next = advance(action, state, await engine.read(canvas));
            if (next.take) frames[next.take] = await jpeg(canvas);
            state = next.state;
            setHint(next.hint);
            setPhase(state.waitingFor);
          }
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, READ_EVERY_MS - (Date.now() - started))),
          );
        }
      } catch {
        // The engine failed mid-check (a lost WebGL context, a frame it could not read): the camera goes off.
        return cannot('engine');
      }
      if (stopped) return;
      stop();
      handlers.current.onFrames({ start: frames.start!, action: frames.action!, end: frames.end! });
    };
    void run();
    return stop;
  }, [action]);

  const instruction =
    phase === 'camera'
      ? t('face.cameraStarting')
      : phase === 'engine'
        ? t('face.engineLoading')
        : phase === 'action'
          ? t(action === 'turn' ? 'face.doTurn' : 'face.doBlink')
          : phase === 'end'
            ? t('face.lookBack')
            : t('face.lookStraight');
  const taken = phase === 'action' ? 1 : phase === 'end' ? 2 : phase === null ? 3 : 0;
  return (
    <div className="kk-live" data-testid="live-camera" data-phase={phase ?? 'done'}>
      <div className="kk-live__view">
        <video ref={video} className="kk-live__video" autoPlay muted playsInline aria-hidden="true" />
        <div className="kk-live__oval" aria-hidden="true" />
      </div>
      <p className="kk-live__instruction" role="status" aria-live="polite" data-testid="live-instruction">
        {instruction}
      </p>
      <p className="kk-live__hint kk-muted">{hint ? t(`face.hint.${hint}`) : ' '}</p>
      <ol className="kk-live__steps" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={i < taken ? 'kk-live__step kk-live__step--done' : 'kk-live__step'} />
        ))}
      </ol>
    </div>
  );
}

/** The video's current frame on the canvas, at most FRAME_SIDE on its long side; false when there is none yet. */
function drawFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): boolean {
  const scale = Math.min(1, FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return true;
}

function jpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', 0.9),
  );
}
