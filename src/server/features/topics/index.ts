/** The topics feature's public entry: what other features may use of it. */
export { addTopic, getTopic, listTopics, mergeTopic, removeTopic, renameTopic, resolveItemTopics, setItemTopics, topicIdExists, topicIdOf } from './service.ts';
