// Password hashing with bcrypt; verification takes the same time whether or not the user exists.
import bcrypt from 'bcryptjs';

// Compared against when the user is unknown, so a wrong user_name costs as much as a wrong
// password: any hash of the same cost serves, so one per cost serves every instance of the process.
const decoys = new Map<number, Promise<string>>();

export class Passwords {
  private readonly decoy: Promise<string>;

  constructor(private readonly rounds: number) {
    let decoy = decoys.get(rounds);
    if (!decoy) decoys.set(rounds, (decoy = bcrypt.hash('decoy-password-never-matches', rounds)));
    this.decoy = decoy;
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  async verify(password: string, hash: string | undefined): Promise<boolean> {
    if (hash === undefined) {
      await bcrypt.compare(password, await this.decoy);
      return false;
    }
    return bcrypt.compare(password, hash);
  }
}
