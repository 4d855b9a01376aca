/**
 * Debian's ffmpeg and ffprobe for the render tests (.ci/run installs them): run a command, probe
 * a file, grab a frame as raw pixels. The tests skip, saying why, where they are missing.
 */
import { spawn, spawnSync } from 'node:child_process';

const runs = (command: string) => spawnSync(command, ['-version'], { stdio: 'ignore' }).status === 0;

export const ffmpegAvailable: boolean = runs('ffmpeg') && runs('ffprobe');

export const ffmpegSkipReason: string = ffmpegAvailable ? '' : 'Skipping the clip render tests: ffmpeg and ffprobe are not installed (apt-get install ffmpeg).';

/** Runs a program (or, with `shell`, a command line) in `cwd`; resolves with its stdout, rejects with its stderr. */
export function run(program: string, args: readonly string[], cwd: string, shell = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = shell ? spawn('bash', ['-c', program], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(program, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${shell ? program : `${program} ${args.join(' ')}`} exited with ${code}:\n${Buffer.concat(err).toString().slice(-2000)}`)),
    );
  });
}

export interface Probe {
  width: number;
  height: number;
  duration: number;
  audio: boolean;
}

export async function probe(file: string, cwd: string): Promise<Probe> {
  const out = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:format=duration', '-of', 'json', file], cwd);
  const parsed = JSON.parse(out.toString()) as { streams: Array<{ codec_type: string; width?: number; height?: number }>; format: { duration: string } };
  const video = parsed.streams.find((stream) => stream.codec_type === 'video');
  return { width: video?.width ?? 0, height: video?.height ?? 0, duration: Number(parsed.format.duration), audio: parsed.streams.some((stream) => stream.codec_type === 'audio') };
}

/** One frame at `seconds`, as bytes per pixel: `gray` (luma, one byte) or `rgb24` (three). */
export const grabFrame = (file: string, seconds: number, cwd: string, format: 'gray' | 'rgb24' = 'gray') =>
  run('ffmpeg', ['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', format, '-'], cwd);
