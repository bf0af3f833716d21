// The course's Validate button on every notebook's toolbar (nbgrader's own is turned off in page_config.json).
// It saves the notebook, asks the server's course-validate (helpers/lab.py) and, while the server works in a
// thread of its own, the Lab stays usable and the button counts the seconds. The result is the course's, in Korean:
// the summary line first, then each failing cell's error (the diagnosis first) and its code.
import { INotebookTracker } from '@jupyterlab/notebook';
import { Dialog, ToolbarButton, showDialog } from '@jupyterlab/apputils';
import { ServerConnection } from '@jupyterlab/services';
import { URLExt } from '@jupyterlab/coreutils';
import { Widget } from '@lumino/widgets';

const LABEL = '검사 (Validate)';

function block(title, text, className) {
  const part = document.createElement('div');
  const heading = document.createElement('p');
  heading.textContent = title;
  const pre = document.createElement('pre');
  pre.textContent = text;
  pre.className = className;
  part.append(heading, pre);
  return part;
}

function resultBody(answer) {
  const body = document.createElement('div');
  body.className = answer.ok ? 'course-validation course-validation-passed' : 'course-validation course-validation-failed';
  const summary = document.createElement('p');
  summary.className = 'course-validation-summary';
  summary.textContent = answer.summary;
  body.append(summary);
  for (const cell of answer.failed) {
    body.append(block('통과하지 못한 셀의 오류:', cell.error, 'course-validation-error'));
    body.append(block('그 셀의 코드:', cell.source, 'course-validation-source'));
  }
  for (const source of answer.changed) {
    body.append(block('바뀐 셀:', source, 'course-validation-source'));
  }
  body.style.maxWidth = '60rem';
  body.style.maxHeight = '70vh';
  body.style.overflow = 'auto';
  return new Widget({ node: body });
}

async function askServer(path) {
  const settings = ServerConnection.makeSettings();
  const response = await ServerConnection.makeRequest(
    URLExt.join(settings.baseUrl, 'course-validate'),
    { method: 'POST', body: JSON.stringify({ path }) },
    settings
  );
  if (!response.ok) {
    throw new Error(`서버가 검사하지 못했습니다 (HTTP ${response.status}).`);
  }
  return response.json();
}

async function validate(panel, button) {
  const started = Date.now();
  const tick = () => {
    button.node.querySelector('.jp-ToolbarButtonComponent-label').textContent =
      `검사 중… ${Math.round((Date.now() - started) / 1000)}초`;
  };
  tick();
  const timer = setInterval(tick, 1000);
  button.enabled = false;
  try {
    await panel.context.save();
    const answer = await askServer(panel.context.path);
    await showDialog({ title: '검사 결과', body: resultBody(answer), buttons: [Dialog.okButton({ label: '확인' })] });
  } catch (error) {
    await showDialog({
      title: '검사하지 못했습니다',
      body: String(error.message || error),
      buttons: [Dialog.okButton({ label: '확인' })]
    });
  } finally {
    clearInterval(timer);
    button.enabled = true;
    button.node.querySelector('.jp-ToolbarButtonComponent-label').textContent = LABEL;
  }
}

const plugin = {
  id: 'attention-course-validate:plugin',
  description: "The course's Validate, in Korean, without blocking the Lab",
  autoStart: true,
  requires: [INotebookTracker],
  activate: (app, tracker) => {
    tracker.widgetAdded.connect((_, panel) => {
      const button = new ToolbarButton({
        label: LABEL,
        className: 'course-validate-button',
        tooltip: '이 노트북의 테스트를 채점할 때처럼 실행해 봅니다',
        onClick: () => validate(panel, button)
      });
      panel.toolbar.insertItem(10, 'courseValidate', button);
    });
  }
};

export default plugin;
