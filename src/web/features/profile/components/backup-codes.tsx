/**
 * Backup codes, shown once: the list, 'Copy codes', 'Download codes' and 'Done'. The end of turning
 * two-factor authentication on, and of 'New backup codes'.
 */
import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';

const BACKUP_CODES_FILE = 'ideahub-backup-codes.txt';

export function BackupCodes({ codes, title, description, onDone }: { codes: string[]; title: string; description: string; onDone: () => void }) {
  const text = `IdeaHub backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Backup codes copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy Failed', description: 'Could not copy the codes. Please download them instead.' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = BACKUP_CODES_FILE;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <ul aria-label="Backup codes" className="bg-muted grid grid-cols-2 gap-x-4 gap-y-1 rounded-md p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> Download codes
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
