// Password hashing with bcrypt; verification takes the same time whether or not the user exists.
import bcrypt from 'bcryptjs';

export class Passwords {
  private readonly decoy: Promise<string>;

  constructor(private readonly rounds: number) {
    // Compared against when the user is unknown, so a wrong user_name costs as much as a wrong password.
    this.decoy = bcrypt.hash('decoy-password-never-matches', rounds);
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
