import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// Which sockets a process has open, read from /proc (Linux): its fds' socket inodes matched to
// the kernel's tables of TCP, UDP and Unix sockets.

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

const table = (file: string): string[][] => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(1).map((line) => line.trim().split(/\s+/));
  } catch {
    return [];
  }
};

/** The process's sockets: how many, and those listening (TCP LISTEN, any bound UDP, Unix listening). */
export function socketsOf(pid: number): { count: number; listening: string[] } {
  const inodes = socketInodes(pid);
  const listening: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    // sl local_address rem_address st ... inode (column 9); st 0A = LISTEN
    for (const row of table(file)) if (row[3] === '0A' && inodes.has(row[9]!)) listening.push(`${file} ${row[1]}`);
  }
  for (const file of ['/proc/net/udp', '/proc/net/udp6']) {
    for (const row of table(file)) if (inodes.has(row[9]!)) listening.push(`${file} ${row[1]}`);
  }
  // Num RefCount Protocol Flags Type St Inode Path; flag 00010000 = accepting connections
  for (const row of table('/proc/net/unix')) if (inodes.has(row[6]!) && (parseInt(row[3]!, 16) & 0x10000) !== 0) listening.push(`unix ${row[7] ?? '(unnamed)'}`);
  return { count: inodes.size, listening };
}
